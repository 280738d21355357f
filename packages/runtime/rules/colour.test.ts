import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, mix, readableOn, TEXT_CONTRAST_MIN, textColourOn } from './colour.ts';

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

  it('darkens a text colour just enough to read on white (the default green measured 4.24:1)', () => {
    expect(contrastRatio('#2e8b57', '#ffffff')).toBeLessThan(TEXT_CONTRAST_MIN);
    const green = textColourOn('#2e8b57');
    expect(contrastRatio(green, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    expect(contrastRatio(green, '#ffffff')).toBeLessThan(5.2);
    expect(textColourOn('#1b5e20')).toBe('#1b5e20');
    expect(contrastRatio(textColourOn('#ffe066'), '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
  });

  it('refuses what is not a hex colour', () => {
    expect(() => luminance('crimson')).toThrow(/#rrggbb/);
  });
});
