import { describe, expect, it } from 'vitest';
import { splitShares, workerCount } from './shares.ts';

describe('build shares', () => {
  it('renders small builds in one process and large ones in one per core', () => {
    expect(workerCount(8, 2, undefined)).toBe(1);
    expect(workerCount(200, 2, undefined)).toBe(2);
    expect(workerCount(200, 16, undefined)).toBe(16);
    expect(workerCount(4, 2, '2')).toBe(2);
    expect(workerCount(1, 2, '4')).toBe(1);
  });

  it('splits language versions into shares of about equal pages, keeping their order', () => {
    const pages: Record<string, number> = { 'a/en': 100, 'a/de': 100, 'b/en': 50, 'b/de': 50, 'c/en': 200 };
    const shares = splitShares(Object.keys(pages), 2, (key) => pages[key]!);
    expect(shares).toEqual([
      ['b/en', 'c/en'],
      ['a/en', 'a/de', 'b/de'],
    ]);
    expect(splitShares(['a/en'], 2, () => 1)).toEqual([['a/en']]);
    expect(splitShares([], 2, () => 1)).toEqual([]);
  });
});
