import { mix, readableOn } from '../../packages/runtime/rules/colour.ts';
import type { Brand } from '../../packages/runtime/schemas/brand/index.ts';

/**
 * The brand's colours as CSS custom properties (spec §9 defaults, overridable per brand), set on
 * `<html>`. Text colours on each filled colour are computed so that contrast stays readable whatever
 * the brand picks; hover shades are derived rather than configured.
 */
export function themeStyle(theme: Brand['theme']): string {
  const vars: Record<string, string> = {
    '--dk-primary': theme.primary,
    '--dk-primary-hover': mix(theme.primary, '#000000', 0.15),
    '--dk-primary-soft': mix(theme.primary, '#ffffff', 0.9),
    '--dk-on-primary': readableOn(theme.primary),
    '--dk-secondary': theme.secondary,
    '--dk-on-secondary': readableOn(theme.secondary),
    '--dk-success': theme.success,
    '--dk-dark': theme.dark,
    '--dk-on-dark': readableOn(theme.dark),
    '--dk-warning': theme.warning,
    '--dk-on-warning': readableOn(theme.warning),
    '--dk-danger': theme.danger,
    '--dk-on-danger': readableOn(theme.danger),
    '--dk-unread-messages': theme.unread_messages,
    '--dk-on-unread-messages': readableOn(theme.unread_messages),
  };
  return Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
