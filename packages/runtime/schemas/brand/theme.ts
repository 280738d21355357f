import { z } from 'zod';

const colour = z.string().regex(/^#([0-9a-fA-F]{6})$/, { error: 'must be a colour such as "#dc143c"' });

/** Spec §9 defaults: crimson red, bright pink-red, green, charcoal grey; unread-messages follows primary. */
export const THEME_DEFAULTS = {
  primary: '#dc143c',
  secondary: '#ff3366',
  success: '#2e8b57',
  dark: '#36454f',
  warning: '#f0a202',
  danger: '#b00020',
} as const;

export const themeSchema = z
  .strictObject({
    primary: colour
      .default(THEME_DEFAULTS.primary)
      .meta({ description: 'Main brand colour (buttons, links).', examples: ['#dc143c'] }),
    secondary: colour.default(THEME_DEFAULTS.secondary).meta({ description: 'Accent colour.', examples: ['#ff3366'] }),
    success: colour
      .default(THEME_DEFAULTS.success)
      .meta({ description: 'Colour of confirmations.', examples: ['#2e8b57'] }),
    dark: colour.default(THEME_DEFAULTS.dark).meta({ description: 'Text and dark surfaces.', examples: ['#36454f'] }),
    warning: colour
      .default(THEME_DEFAULTS.warning)
      .meta({ description: 'Low-balance badges and notices.', examples: ['#f0a202'] }),
    danger: colour
      .default(THEME_DEFAULTS.danger)
      .meta({ description: 'Errors and an empty balance.', examples: ['#b00020'] }),
    unread_messages: colour.optional().meta({
      description: 'Colour of the unread-messages badge; defaults to `primary`.',
      examples: ['#dc143c'],
    }),
  })
  .meta({
    description: 'Theme colours (spec §9); every field has a default, so give only the ones that differ.',
    examples: [{ primary: '#c2185b', secondary: '#ff6f91' }],
  })
  .prefault({})
  // The meta sits on the object itself: zod leaves the examples of a transform out of the input schema.
  .transform((t) => ({ ...t, unread_messages: t.unread_messages ?? t.primary }));
