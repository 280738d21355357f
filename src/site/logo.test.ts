import { describe, expect, it } from 'vitest';
import { brandIconSvg, brandLogo, heartMarkSvg, inlineLogoSvg, logoIconSvg, svgViewBox } from './logo.ts';

const WIDE = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64" width="240" height="64" role="img" aria-labelledby="title">
  <title id="title">Acme</title>
  <!-- the symbol -->
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
  <circle cx="32" cy="32" r="30" fill="url(#g)"/>
  <use href="#g"/>
  <text x="72" y="40">Acme</text>
</svg>`;

describe('svgViewBox', () => {
  it('reads the viewBox, else width and height', () => {
    expect(svgViewBox(WIDE)).toEqual({ x: 0, y: 0, width: 240, height: 64 });
    expect(svgViewBox('<svg width="40" height="20"></svg>')).toEqual({ x: 0, y: 0, width: 40, height: 20 });
  });

  it('refuses an SVG without a size', () => {
    expect(() => svgViewBox('<svg></svg>')).toThrow(/viewBox/);
  });
});

describe('inlineLogoSvg', () => {
  const inline = inlineLogoSvg(WIDE, { height: 32, label: 'Acme & Co', idPrefix: 'm1-' });

  it('keeps the proportions at the asked height and labels the image', () => {
    expect(inline).toMatch(
      /^<svg [^>]*viewBox="0 0 240 64" width="120" height="32" role="img" aria-label="Acme &amp; Co">/,
    );
  });

  it('drops the title and comments and prefixes every id and reference', () => {
    expect(inline).not.toContain('<title');
    expect(inline).not.toContain('<!--');
    expect(inline).toContain('id="m1-g"');
    expect(inline).toContain('url(#m1-g)');
    expect(inline).toContain('href="#m1-g"');
    expect(inline).not.toMatch(/id="g"/);
  });
});

describe('logoIconSvg', () => {
  it('cuts a wide logo to its leading square, where the symbol is', () => {
    expect(logoIconSvg(WIDE)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 64 64">/);
  });

  it('centres a nearly square logo', () => {
    expect(logoIconSvg('<svg viewBox="0 0 110 100"><rect/></svg>')).toContain('viewBox="5 0 100 100"');
  });
});

describe('brand icons', () => {
  const theme = { primary: '#dc143c', secondary: '#ff3366' };

  it('uses the brand’s SVG logo from brands/assets/', () => {
    expect(brandLogo({ logo: 'flirtnord.svg' })).toMatchObject({ kind: 'svg' });
    expect(brandIconSvg({ logo: 'flirtnord.svg', theme })).toContain('viewBox="0 0 64 64"');
  });

  it('falls back to the heart mark in the brand colours', () => {
    expect(brandLogo({})).toBeNull();
    expect(brandIconSvg({ theme })).toBe(heartMarkSvg(theme));
    expect(heartMarkSvg(theme)).toContain('stop-color="#dc143c"');
  });

  it('names a missing logo file', () => {
    expect(() => brandLogo({ logo: 'nope.png' })).toThrow(/nope\.png/);
  });
});
