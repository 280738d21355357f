import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a header and rows with CRLF and a BOM', () => {
    expect(
      toCsv(
        ['day', 'signups'],
        [
          ['2026-11-02', 4],
          ['2026-11-03', 0],
        ],
      ),
    ).toBe('\uFEFFday,signups\r\n2026-11-02,4\r\n2026-11-03,0\r\n');
    expect(toCsv(['a'], [], false)).toBe('a\r\n');
  });

  it('quotes commas, quotes and line breaks, leaves empty cells empty', () => {
    expect(csvCell('x, "quoted"')).toBe('"x, ""quoted"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Zürich ✓')).toBe('Zürich ✓');
  });

  it('defuses text that a spreadsheet would run as a formula, not numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell(-5)).toBe('-5');
  });
});
