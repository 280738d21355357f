import type { NicheSlug } from '@datekit/runtime/data/niches';

/** What a niche's member search starts with (`search_defaults` of `niches/<slug>.yaml`). */
export interface SearchDefaults {
  gender: 'female' | 'male';
  min_age: number;
  max_age: number;
}

export type NicheSearchDefaults = Readonly<Record<NicheSlug, SearchDefaults>>;
