import { describe, expect, it } from 'vitest';
import { everyHour, everyHourOnMondays, everyMondayAt, isoWeek } from './recurring.ts';

const at = (iso: string) => Date.parse(iso);

describe('recurring job slots', () => {
  it('the next full hour, strictly after now', () => {
    expect(everyHour(at('2026-11-25T03:00:00Z'))).toBe(at('2026-11-25T04:00:00Z'));
    expect(everyHour(at('2026-11-25T03:59:59Z'))).toBe(at('2026-11-25T04:00:00Z'));
  });

  it('the next Monday 08:00 UTC, strictly after now', () => {
    const monday8 = everyMondayAt(8);
    // Wednesday 25 November 2026 → Monday 30 November.
    expect(monday8(at('2026-11-25T12:00:00Z'))).toBe(at('2026-11-30T08:00:00Z'));
    expect(monday8(at('2026-11-30T07:59:00Z'))).toBe(at('2026-11-30T08:00:00Z'));
    expect(monday8(at('2026-11-30T08:00:00Z'))).toBe(at('2026-12-07T08:00:00Z'));
    expect(monday8(at('2026-11-29T23:00:00Z'))).toBe(at('2026-11-30T08:00:00Z'));
  });

  it('every full hour of Mondays (UTC), strictly after now', () => {
    // Sunday evening → Monday 30 November at midnight; then hour by hour; after the last, a week on.
    expect(everyHourOnMondays(at('2026-11-29T22:30:00Z'))).toBe(at('2026-11-30T00:00:00Z'));
    expect(everyHourOnMondays(at('2026-11-30T00:00:00Z'))).toBe(at('2026-11-30T01:00:00Z'));
    expect(everyHourOnMondays(at('2026-11-30T12:59:59Z'))).toBe(at('2026-11-30T13:00:00Z'));
    expect(everyHourOnMondays(at('2026-11-30T23:00:00Z'))).toBe(at('2026-12-07T00:00:00Z'));
    expect(everyHourOnMondays(at('2026-12-02T09:00:00Z'))).toBe(at('2026-12-07T00:00:00Z'));
  });

  it('ISO weeks, the year of their Thursday', () => {
    expect(isoWeek(at('2026-11-30T08:00:00Z'))).toBe('2026-W49');
    expect(isoWeek(at('2026-01-01T00:00:00Z'))).toBe('2026-W01');
    expect(isoWeek(at('2027-01-01T00:00:00Z'))).toBe('2026-W53');
    expect(isoWeek(at('2024-12-30T00:00:00Z'))).toBe('2025-W01');
  });
});
