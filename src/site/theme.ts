import { BREAKPOINTS_PX, TOAST_WIDTH_PX } from '@datekit/runtime/rules/constants';
import { mix, readableOn, textColourOn } from '@datekit/runtime/rules/colour';
import type { Brand } from '@datekit/runtime/schemas/brand';

/** Spec §9: a sans-serif base font; the platform's own UI font, so no font file is downloaded. */
export const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/**
 * The brand's theme as CSS custom properties (spec §9 defaults, overridable per brand), set on
 * `<html>`. Text colours on each filled colour are computed so that contrast stays readable whatever
 * the brand picks; hover shades are derived rather than configured. The fixed values of §9 (toast
 * width, breakpoints, font) come along, so that everything the theme defines is in one place; media
 * queries cannot read custom properties, so stylesheets spell the breakpoints and scripts read these.
 */
export function themeStyle(theme: Brand['theme']): string {
  let style = styles.get(theme);
  if (style === undefined) {
    style = computeThemeStyle(theme);
    styles.set(theme, style);
  }
  return style;
}

/** Each brand's style, computed once: every page of the brand sets it (a hundred per language). */
const styles = new WeakMap<Brand['theme'], string>();

function computeThemeStyle(theme: Brand['theme']): string {
  const vars: Record<string, string> = {
    '--dk-primary': theme.primary,
    '--dk-primary-hover': mix(theme.primary, '#000000', 0.15),
    '--dk-primary-soft': mix(theme.primary, '#ffffff', 0.9),
    '--dk-on-primary': readableOn(theme.primary),
    '--dk-secondary': theme.secondary,
    '--dk-on-secondary': readableOn(theme.secondary),
    '--dk-success': theme.success,
    '--dk-on-success': readableOn(theme.success),
    // Success as text on white ("Save 20%"): the brand's green can be too light to read there.
    '--dk-success-text': textColourOn(theme.success),
    '--dk-dark': theme.dark,
    '--dk-on-dark': readableOn(theme.dark),
    '--dk-warning': theme.warning,
    '--dk-on-warning': readableOn(theme.warning),
    '--dk-danger': theme.danger,
    '--dk-on-danger': readableOn(theme.danger),
    '--dk-unread-messages': theme.unread_messages,
    '--dk-on-unread-messages': readableOn(theme.unread_messages),
    '--dk-toast-width': `${TOAST_WIDTH_PX}px`,
    '--dk-font': FONT_STACK,
    ...Object.fromEntries(Object.entries(BREAKPOINTS_PX).map(([size, px]) => [`--dk-breakpoint-${size}`, `${px}px`])),
  };
  return Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
