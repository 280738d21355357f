import { describe, expect, it } from 'vitest';
import { contrastRatio } from '@datekit/runtime/rules/colour';
import { THEME_DEFAULTS } from '@datekit/runtime/schemas/brand/theme';
import { themeStyle } from './theme.ts';

/** The declarations of a `style` attribute as a map. */
function declarations(style: string): Map<string, string> {
  return new Map(
    style.split(';').map((declaration) => {
      const colon = declaration.indexOf(':');
      return [declaration.slice(0, colon), declaration.slice(colon + 1)];
    }),
  );
}

describe('themeStyle', () => {
  const theme = { ...THEME_DEFAULTS, unread_messages: THEME_DEFAULTS.primary };

  it('uses the spec’s defaults: crimson, pink-red, green, charcoal; unread messages in the primary colour', () => {
    const vars = declarations(themeStyle(theme));
    expect(vars.get('--dk-primary')).toBe('#dc143c');
    expect(vars.get('--dk-secondary')).toBe('#ff3366');
    expect(vars.get('--dk-success')).toBe('#2e8b57');
    expect(vars.get('--dk-dark')).toBe('#36454f');
    expect(vars.get('--dk-unread-messages')).toBe('#dc143c');
    expect(vars.get('--dk-danger')).toBe(THEME_DEFAULTS.danger);
  });

  it('lets a brand override every colour', () => {
    const vars = declarations(themeStyle({ ...theme, primary: '#1f5f8b', unread_messages: '#e4572e' }));
    expect(vars.get('--dk-primary')).toBe('#1f5f8b');
    expect(vars.get('--dk-unread-messages')).toBe('#e4572e');
  });

  it('picks readable text for each filled colour', () => {
    expect(themeStyle(theme)).toContain('--dk-on-primary:#ffffff');
    expect(themeStyle({ ...theme, warning: '#ffe066' })).toContain('--dk-on-warning:#1b1b1f');
    for (const primary of ['#dc143c', '#ffd1dc', '#1f5f8b', '#f0a202']) {
      const vars = declarations(themeStyle({ ...theme, primary }));
      expect(contrastRatio(primary, vars.get('--dk-on-primary')!)).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives success text ("Save 20%") at least 4.5:1 on white, for the default green and lighter ones', () => {
    for (const success of [THEME_DEFAULTS.success, '#3cb371', '#7fdb9a', '#1b5e20']) {
      const vars = declarations(themeStyle({ ...theme, success }));
      expect(contrastRatio(vars.get('--dk-success-text')!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('carries the fixed values of spec §9: toast width, breakpoints and a sans-serif font', () => {
    const vars = declarations(themeStyle(theme));
    expect(vars.get('--dk-toast-width')).toBe('350px');
    expect([...['sm', 'md', 'lg', 'xl'].map((size) => vars.get(`--dk-breakpoint-${size}`))]).toEqual([
      '576px',
      '768px',
      '992px',
      '1200px',
    ]);
    expect(vars.get('--dk-font')).toMatch(/sans-serif$/);
  });
});
