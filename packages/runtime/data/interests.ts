/**
 * The fixed list of interests a profile can pick (spec §3: "a long fixed list of hobbies and sexual
 * interests, each with an icon"). Names live in `locales/<lang>/interests.json` under the slug.
 *
 * Ids are stored on profiles: an id is never changed or reused. A new interest gets the next free id
 * and goes at the end of its group; a retired one is removed, and its id stays unused.
 *
 * Each has an emoji, which the API hands to clients that show text only; the sites draw the line
 * icons of `interest-icons.ts` instead, which need no emoji font. The emoji are tasteful like the
 * drawings: hobbies get the obvious literal symbol, intimate interests romantic ones (rose, candle,
 * lips mark, mask, bow, moon); no two interests share one.
 */

export const INTEREST_CATEGORIES = ['hobby', 'intimate'] as const;
export type InterestCategory = (typeof INTEREST_CATEGORIES)[number];

export interface Interest {
  /** Stable id stored on profiles; never reused. */
  readonly id: number;
  /** Stable key of the name in `locales/<lang>/interests.json`, kebab-case. */
  readonly slug: string;
  readonly category: InterestCategory;
  /** A single emoji, for clients that show text; the sites draw `INTEREST_ICONS` instead. */
  readonly icon: string;
}

export const INTERESTS = [
  // Hobbies.
  { id: 1, slug: 'travel', category: 'hobby', icon: '✈️' },
  { id: 2, slug: 'cooking', category: 'hobby', icon: '🍳' },
  { id: 3, slug: 'baking', category: 'hobby', icon: '🧁' },
  { id: 4, slug: 'eating-out', category: 'hobby', icon: '🍽️' },
  { id: 5, slug: 'wine', category: 'hobby', icon: '🍷' },
  { id: 6, slug: 'going-out', category: 'hobby', icon: '🍸' },
  { id: 7, slug: 'music', category: 'hobby', icon: '🎵' },
  { id: 8, slug: 'concerts', category: 'hobby', icon: '🎸' },
  { id: 9, slug: 'dancing', category: 'hobby', icon: '💃' },
  { id: 10, slug: 'movies', category: 'hobby', icon: '🎬' },
  { id: 11, slug: 'theatre', category: 'hobby', icon: '🎟️' },
  { id: 12, slug: 'art', category: 'hobby', icon: '🖼️' },
  { id: 13, slug: 'painting', category: 'hobby', icon: '🎨' },
  { id: 14, slug: 'photography', category: 'hobby', icon: '📷' },
  { id: 15, slug: 'reading', category: 'hobby', icon: '📚' },
  { id: 16, slug: 'writing', category: 'hobby', icon: '✍️' },
  { id: 17, slug: 'languages', category: 'hobby', icon: '🗣️' },
  { id: 18, slug: 'gaming', category: 'hobby', icon: '🎮' },
  { id: 19, slug: 'board-games', category: 'hobby', icon: '🎲' },
  { id: 20, slug: 'crafts', category: 'hobby', icon: '🧶' },
  { id: 21, slug: 'diy', category: 'hobby', icon: '🔨' },
  { id: 22, slug: 'gardening', category: 'hobby', icon: '🌱' },
  { id: 23, slug: 'animals', category: 'hobby', icon: '🐾' },
  { id: 24, slug: 'nature', category: 'hobby', icon: '🌲' },
  { id: 25, slug: 'hiking', category: 'hobby', icon: '🥾' },
  { id: 26, slug: 'camping', category: 'hobby', icon: '🏕️' },
  { id: 27, slug: 'beach', category: 'hobby', icon: '🏖️' },
  { id: 28, slug: 'sailing', category: 'hobby', icon: '⛵' },
  { id: 29, slug: 'fishing', category: 'hobby', icon: '🎣' },
  { id: 30, slug: 'fitness', category: 'hobby', icon: '🏋️' },
  { id: 31, slug: 'running', category: 'hobby', icon: '🏃' },
  { id: 32, slug: 'cycling', category: 'hobby', icon: '🚴' },
  { id: 33, slug: 'swimming', category: 'hobby', icon: '🏊' },
  { id: 34, slug: 'yoga', category: 'hobby', icon: '🧘' },
  { id: 35, slug: 'climbing', category: 'hobby', icon: '🧗' },
  { id: 36, slug: 'skiing', category: 'hobby', icon: '⛷️' },
  { id: 37, slug: 'horse-riding', category: 'hobby', icon: '🐎' },
  { id: 38, slug: 'football', category: 'hobby', icon: '⚽' },
  { id: 39, slug: 'golf', category: 'hobby', icon: '⛳' },
  { id: 40, slug: 'cars', category: 'hobby', icon: '🚗' },
  { id: 41, slug: 'motorcycles', category: 'hobby', icon: '🏍️' },
  { id: 42, slug: 'shopping', category: 'hobby', icon: '🛍️' },
  { id: 43, slug: 'fashion', category: 'hobby', icon: '👗' },
  { id: 44, slug: 'spa', category: 'hobby', icon: '🧖' },
  { id: 45, slug: 'volunteering', category: 'hobby', icon: '🤝' },
  // Intimate interests: romantic and sensual, never graphic.
  { id: 46, slug: 'romance', category: 'intimate', icon: '🌹' },
  { id: 47, slug: 'flirting', category: 'intimate', icon: '😉' },
  { id: 48, slug: 'candlelit-dinners', category: 'intimate', icon: '🕯️' },
  { id: 49, slug: 'cuddling', category: 'intimate', icon: '🤗' },
  { id: 50, slug: 'kissing', category: 'intimate', icon: '💋' },
  { id: 51, slug: 'massages', category: 'intimate', icon: '💆' },
  { id: 52, slug: 'dancing-close', category: 'intimate', icon: '💑' },
  { id: 53, slug: 'role-play', category: 'intimate', icon: '🎭' },
  { id: 54, slug: 'lingerie', category: 'intimate', icon: '🎀' },
  { id: 55, slug: 'bathing-together', category: 'intimate', icon: '🛁' },
  { id: 56, slug: 'romantic-getaways', category: 'intimate', icon: '🌅' },
  { id: 57, slug: 'love-letters', category: 'intimate', icon: '💌' },
  { id: 58, slug: 'teasing', category: 'intimate', icon: '😏' },
  { id: 59, slug: 'seduction', category: 'intimate', icon: '😘' },
  { id: 60, slug: 'dominance-submission', category: 'intimate', icon: '👑' },
  { id: 61, slug: 'blindfold-games', category: 'intimate', icon: '🙈' },
  { id: 62, slug: 'casual-dating', category: 'intimate', icon: '🔥' },
  { id: 63, slug: 'moonlit-walks', category: 'intimate', icon: '🌙' },
  { id: 64, slug: 'breakfast-in-bed', category: 'intimate', icon: '🥞' },
  { id: 65, slug: 'cosy-nights-in', category: 'intimate', icon: '🛋️' },
  { id: 66, slug: 'sharing-fantasies', category: 'intimate', icon: '💭' },
  { id: 67, slug: 'open-mindedness', category: 'intimate', icon: '🦋' },
] as const satisfies readonly Interest[];

export type InterestSlug = (typeof INTERESTS)[number]['slug'];
export type InterestId = (typeof INTERESTS)[number]['id'];

const BY_KEY = new Map<number | string, Interest>(INTERESTS.flatMap((i) => [[i.id, i] as const, [i.slug, i] as const]));

/** The interest with this id, slug or id as a decimal string (as in a query string), or undefined. */
export function findInterest(idOrSlug: number | string): Interest | undefined {
  const key = typeof idOrSlug === 'string' && /^\d+$/.test(idOrSlug) ? Number(idOrSlug) : idOrSlug;
  return BY_KEY.get(key);
}

/** The interests of one category, in list order. */
export function interestsIn(category: InterestCategory): readonly Interest[] {
  return INTERESTS.filter((i) => i.category === category);
}
