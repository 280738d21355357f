import { describe, expect, it } from 'vitest';
import { THEME_DEFAULTS } from '../../packages/runtime/schemas/brand/theme.ts';
import { themeStyle } from './theme.ts';

describe('themeStyle', () => {
  const theme = { ...THEME_DEFAULTS, unread_messages: THEME_DEFAULTS.primary };

  it('sets every brand colour as a custom property', () => {
    const style = themeStyle(theme);
    expect(style).toContain(`--dk-primary:${THEME_DEFAULTS.primary}`);
    expect(style).toContain(`--dk-unread-messages:${THEME_DEFAULTS.primary}`);
    expect(style).toContain(`--dk-danger:${THEME_DEFAULTS.danger}`);
  });

  it('picks readable text for each filled colour', () => {
    expect(themeStyle(theme)).toContain('--dk-on-primary:#ffffff');
    expect(themeStyle({ ...theme, warning: '#ffe066' })).toContain('--dk-on-warning:#1b1b1f');
  });
});
