/**
 * The seven niches (spec §1). A niche sets the landing-page slug and the search defaults;
 * its copy and imagery live in `niches/<slug>.yaml` and the locale files.
 */
export const NICHES = [
  { id: 1, slug: 'default' },
  { id: 2, slug: 'she' },
  { id: 3, slug: 'bdsm' },
  { id: 4, slug: 'bbw' },
  { id: 5, slug: 'gilf' },
  { id: 6, slug: 'milf' },
  { id: 7, slug: 'gay' },
] as const;

export type NicheSlug = (typeof NICHES)[number]['slug'];
export type NicheId = (typeof NICHES)[number]['id'];
export const NICHE_SLUGS = NICHES.map((n) => n.slug) as NicheSlug[];

export function findNiche(idOrSlug: number | string): (typeof NICHES)[number] | undefined {
  return NICHES.find((n) => n.id === idOrSlug || n.slug === idOrSlug);
}
