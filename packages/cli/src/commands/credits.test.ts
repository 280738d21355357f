import { describe, expect, it } from 'vitest';
import { parseCreditAmount } from './credits.ts';

describe('datekit credits grant --amount', () => {
  it('accepts whole numbers with an optional sign', () => {
    expect(parseCreditAmount('50')).toBe(50);
    expect(parseCreditAmount('-20')).toBe(-20);
    expect(parseCreditAmount('+1000000')).toBe(1_000_000);
  });

  it('refuses exponents, fractions, separators, zero and amounts beyond the bound, saying what to write', () => {
    for (const text of ['1e300', '1e3', '2.5', '1,000', '0', '1000001', '-1000001', 'ten', '', 'Infinity']) {
      expect(() => parseCreditAmount(text), text).toThrow(/whole number .* at most 1,000,000 either way/);
    }
    expect(() => parseCreditAmount('1e300')).toThrowErrorMatchingInlineSnapshot(
      `[Error: --amount must be a whole number other than 0, at most 1,000,000 either way, written with digits only (e.g. --amount 50 or --amount -20); got "1e300"]`,
    );
  });
});
