import { NICHE_SLUGS, type NicheSlug } from '../data/niches.ts';
import { shellParam } from './route-shells.ts';

/**
 * Which pages a lander route with an optional `{slug?}` is prerendered as (spec §2 landing pages): the
 * route's shell (`_slug`, served for the path without a slug, showing the brand's own niche) and one
 * page per niche slug, each with that niche's copy and artwork. The server serves the page of a slug
 * when it exists and answers 404 for any slug outside the niche slugs.
 */
export interface LanderSlugPage {
  /** The Astro parameter: `_slug` for the shell, else the niche slug. */
  slug: string;
  /** The niche whose copy and art the page shows. */
  niche: NicheSlug;
}

export function landerSlugPages(brandNiche: NicheSlug): LanderSlugPage[] {
  return [{ slug: shellParam('slug'), niche: brandNiche }, ...NICHE_SLUGS.map((slug) => ({ slug, niche: slug }))];
}

export function isNicheSlug(value: string): value is NicheSlug {
  return (NICHE_SLUGS as readonly string[]).includes(value);
}

/** Whether a brand publishes a lander variant: its `landers` list names the variants it builds. */
export function publishesLander(landers: readonly string[], variant: string): boolean {
  return landers.includes(variant);
}
