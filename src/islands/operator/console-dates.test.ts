import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleDates } from './console-dates.ts';

const AT = '2026-11-29T14:05:00Z';

describe('console dates', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("writes dates in the console page's language, not the browser's US format with AM/PM", () => {
    vi.stubGlobal('navigator', { languages: ['en-US'] });
    expect(consoleDates('de').dateTime(AT)).not.toMatch(/AM|PM|\//);
    expect(consoleDates('en').dateTime(AT)).not.toMatch(/AM|PM|\//);
    expect(consoleDates('de').day('2026-11-29')).toBe('29.11.2026');
    expect(consoleDates('en').day('2026-11-29')).toBe('29 Nov 2026');
    expect(consoleDates('nl').dayShort('2026-11-29')).toBe('29 nov');
  });

  it('writes a dashboard day as that UTC day, whatever the zone', () => {
    expect(consoleDates('fi').day('2026-01-01')).toBe('1.1.2026');
  });
});
