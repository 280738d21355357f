import type { InterestSlug } from './interests.ts';

/**
 * How the interest pickers arrange the catalogue, so that nobody faces one wall of chips: the popular
 * ones first, then small themed groups. Only the arrangement; ids, names and the API's two categories
 * (hobby, intimate) stay in `interests.ts`. Every interest is in exactly one group (a test checks).
 */
export const INTEREST_GROUPS = [
  {
    id: 'food',
    slugs: ['cooking', 'baking', 'eating-out', 'wine', 'going-out'],
  },
  {
    id: 'culture',
    slugs: [
      'music',
      'concerts',
      'dancing',
      'movies',
      'theatre',
      'art',
      'painting',
      'photography',
      'reading',
      'writing',
      'languages',
    ],
  },
  {
    id: 'outdoors',
    slugs: ['travel', 'nature', 'hiking', 'camping', 'beach', 'sailing', 'fishing', 'animals', 'gardening'],
  },
  {
    id: 'sport',
    slugs: [
      'fitness',
      'running',
      'cycling',
      'swimming',
      'yoga',
      'climbing',
      'skiing',
      'horse-riding',
      'football',
      'golf',
    ],
  },
  {
    id: 'lifestyle',
    slugs: [
      'gaming',
      'board-games',
      'crafts',
      'diy',
      'cars',
      'motorcycles',
      'shopping',
      'fashion',
      'spa',
      'volunteering',
    ],
  },
  {
    id: 'romance',
    slugs: [
      'romance',
      'flirting',
      'candlelit-dinners',
      'cuddling',
      'kissing',
      'love-letters',
      'moonlit-walks',
      'romantic-getaways',
      'breakfast-in-bed',
      'cosy-nights-in',
      'dancing-close',
    ],
  },
  {
    id: 'intimate',
    slugs: [
      'massages',
      'role-play',
      'lingerie',
      'bathing-together',
      'teasing',
      'seduction',
      'dominance-submission',
      'blindfold-games',
      'casual-dating',
      'sharing-fantasies',
      'open-mindedness',
    ],
  },
] as const satisfies readonly { id: string; slugs: readonly InterestSlug[] }[];

export type InterestGroupId = (typeof INTEREST_GROUPS)[number]['id'];

/**
 * The interests most profiles pick, shown first and open. A fixed choice rather than a live count:
 * the same for every visitor, and a new brand with few members still gets a sensible start.
 */
export const POPULAR_INTERESTS: readonly InterestSlug[] = [
  'travel',
  'music',
  'eating-out',
  'movies',
  'nature',
  'cooking',
  'romance',
  'cuddling',
  'dancing',
  'fitness',
  'wine',
  'flirting',
];

/** The group an interest is shown in. */
export function interestGroupOf(slug: string): InterestGroupId | undefined {
  return INTEREST_GROUPS.find((group) => (group.slugs as readonly string[]).includes(slug))?.id;
}

/** Text folded for a search: lower case, without accents ("Café" finds "cafe", "Äventyr" "aventyr"). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** Whether an interest's translated name matches what the member typed (every word, anywhere). */
export function interestMatches(name: string, query: string): boolean {
  const haystack = foldForSearch(name);
  return foldForSearch(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
