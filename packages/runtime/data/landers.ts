/** Lander variants (spec §2 landing pages): the values a brand may publish and the pages under `/landers/`. */
export const LANDER_VARIANTS = [
  'tinderswipe',
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
  // datekit new-lander adds variants above this line.
] as const;

export type LanderVariant = (typeof LANDER_VARIANTS)[number];

/** The one variant without a niche slug: `/landers/tinderswipe`. */
export const SLUGLESS_LANDER = 'tinderswipe' satisfies LanderVariant;

/** Variants routed as `/landers/<variant>/{slug?}`. */
export const LANDER_ROUTE_VARIANTS = LANDER_VARIANTS.filter(
  (variant): variant is Exclude<LanderVariant, typeof SLUGLESS_LANDER> => variant !== SLUGLESS_LANDER,
);
