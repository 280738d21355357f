import brands from 'virtual:datekit/brands';
import niches from 'virtual:datekit/niches';
import type { NicheSlug } from '@datekit/runtime/data/niches';
import { landerSlugPages, publishesLander } from '@datekit/runtime/rules/lander-pages';
import { shellParam } from '@datekit/runtime/rules/route-shells';
import { rendersLanguage, type PageProps } from '../../site/paths.ts';

/** What every lander and member landing page receives. */
export interface LanderPageProps extends PageProps {
  /** The niche whose copy and art the page shows: the slug's, or the brand's own without a slug. */
  niche: NicheSlug;
  /** The niche's accent colour (`niches/<slug>.yaml` theme.accent). */
  accent: string;
}

/** The accent of a niche; the brand's primary colour should a niche file lack one. */
function accentOf(niche: NicheSlug, fallback: string): string {
  return niches.find((n) => n.slug === niche)?.theme.accent ?? fallback;
}

function brandLanguages(filter: (landers: readonly string[]) => boolean) {
  return brands
    .filter((brand) => filter(brand.landers))
    .flatMap((brand) =>
      brand.languages.filter((lang) => rendersLanguage(brand, lang)).map((lang) => ({ brand, lang })),
    );
}

/**
 * `getStaticPaths` of a lander under `/landers/<variant>`: only brands whose `landers` list has the
 * variant, in each of their languages. With `slug` (routes `/landers/<variant>/{slug?}`): the shell
 * without a slug and one page per niche slug (see `landerSlugPages`).
 */
export function landerPaths(variant: string, options: { slug: boolean } = { slug: true }) {
  return brandLanguages((landers) => publishesLander(landers, variant)).flatMap(({ brand, lang }) => {
    const pages = options.slug ? landerSlugPages(brand.niche.slug) : [{ slug: null, niche: brand.niche.slug }];
    return pages.map(({ slug, niche }) => ({
      params: { domain: brand.domain, lang, ...(slug === null ? {} : { slug }) },
      props: { brand, lang, niche, accent: accentOf(niche, brand.theme.primary) } satisfies LanderPageProps,
    }));
  });
}

/**
 * `getStaticPaths` of the member landing pages (`/members/{id}/landing`, `…/landing2/{slug?}`,
 * `…/landing3/{slug?}`): every brand publishes them; one shell for every member id.
 */
export function memberLandingPaths(options: { slug: boolean }) {
  return brandLanguages(() => true).flatMap(({ brand, lang }) => {
    const pages = options.slug ? landerSlugPages(brand.niche.slug) : [{ slug: null, niche: brand.niche.slug }];
    return pages.map(({ slug, niche }) => ({
      params: { domain: brand.domain, lang, id: shellParam('id'), ...(slug === null ? {} : { slug }) },
      props: { brand, lang, niche, accent: accentOf(niche, brand.theme.primary) } satisfies LanderPageProps,
    }));
  });
}
