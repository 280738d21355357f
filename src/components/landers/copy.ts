import type { NicheSlug } from '@datekit/runtime/data/niches';
import type { translator } from '../../i18n/index.ts';

type Translate = ReturnType<typeof translator>;

/** A niche's own lander copy (`page.lander.niche.<slug>.*` in `locales/<lang>/landers.json`). */
export interface NicheCopy {
  /** A few words above the headline. */
  tagline: string;
  title: string;
  text: string;
  /** The call to action's label. */
  cta: string;
  /** The evening mood line of the night-themed landers. */
  tonight: string;
  /** Who the community is, in one sentence. */
  community: string;
}

export function nicheCopy(t: Translate, niche: NicheSlug, site: string): NicheCopy {
  const key = (field: keyof NicheCopy) => t(`page.lander.niche.${niche}.${field}`, { site });
  return {
    tagline: key('tagline'),
    title: key('title'),
    text: key('text'),
    cta: key('cta'),
    tonight: key('tonight'),
    community: key('community'),
  };
}

/** The short reassurances shown under a call to action. */
export function landerPoints(t: Translate): string[] {
  return ['free', 'private', 'adults'].map((point) => t(`page.lander.point_${point}`));
}
