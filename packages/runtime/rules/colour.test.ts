import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, mix, readableOn } from './colour.ts';

describe('colour', () => {
  it('measures luminance and contrast like WCAG', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
  });

  it('picks white text on crimson and dark text on a light yellow', () => {
    expect(readableOn('#dc143c')).toBe('#ffffff');
    expect(readableOn('#f0e68c')).toBe('#1b1b1f');
  });

  it('mixes two colours', () => {
    expect(mix('#ff0000', '#000000', 0.5)).toBe('#800000');
    expect(mix('#dc143c', '#ffffff', 0)).toBe('#dc143c');
  });

  it('refuses what is not a hex colour', () => {
    expect(() => luminance('crimson')).toThrow(/#rrggbb/);
  });
});
