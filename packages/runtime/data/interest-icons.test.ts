import { describe, expect, it } from 'vitest';
import { INTEREST_ICONS, interestIconPath } from './interest-icons.ts';
import { INTERESTS } from './interests.ts';

/** SVG path data: commands and numbers only. */
const PATH_DATA = /^M[-\d.]+[ ,]?[-\d.]+(?:[MmLlHhVvCcSsQqTtAaZz]|[-\d.]+|[ ,])*$/;

/** Every coordinate an absolute command moves to, to check that drawings stay on the 24×24 grid. */
function absolutePoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  for (const match of d.matchAll(/([ML])\s*(-?[\d.]+)[ ,]?(-?[\d.]+)/g)) {
    points.push([Number(match[2]), Number(match[3])]);
  }
  return points;
}

describe('interest icons', () => {
  it('draws every interest, and nothing else', () => {
    for (const interest of INTERESTS) {
      expect(interestIconPath(interest.id), interest.slug).toMatch(PATH_DATA);
    }
    expect(
      Object.keys(INTEREST_ICONS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(INTERESTS.map((i) => i.id));
    expect(interestIconPath(0)).toBeUndefined();
  });

  it('gives no two interests the same drawing', () => {
    expect(new Set(Object.values(INTEREST_ICONS)).size).toBe(INTERESTS.length);
  });

  it('keeps every drawing on the 24×24 grid', () => {
    for (const [id, d] of Object.entries(INTEREST_ICONS)) {
      for (const [x, y] of absolutePoints(d)) {
        expect(x >= 0 && x <= 24 && y >= 0 && y <= 24, `interest ${id}: ${x},${y}`).toBe(true);
      }
    }
  });
});
