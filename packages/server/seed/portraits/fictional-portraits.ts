import { storePhoto, type StoredPhoto } from '../../media/process-photo.ts';
import { portraitSvg, portraitVariants } from './portrait-svg.ts';
import { portraitTraits, type Gender, type PortraitTraits, type Random } from './portrait-traits.ts';

/** How many pictures a fictional member has: enough for a gallery, few enough to seed fast. */
export const MIN_PORTRAITS = 2;
export const MAX_PORTRAITS = 4;

export interface FictionalPortraits {
  traits: PortraitTraits;
  /** The SVG of each picture, main first. */
  svgs: string[];
}

/** What a fictional member looks like and the pictures of them, decided by the seeded sequence alone. */
export function planPortraits(random: Random, gender: Gender, age: number): FictionalPortraits {
  const traits = portraitTraits(random, gender, age);
  const count = MIN_PORTRAITS + Math.floor(random() * (MAX_PORTRAITS - MIN_PORTRAITS + 1));
  return { traits, svgs: portraitVariants(random, count).map((variant) => portraitSvg(traits, variant)) };
}

/**
 * Each picture through the same pipeline as a member's upload (full size, thumbnail, match crop and
 * the blurred version for free viewers), so every size and rule works as for a real photo.
 */
export function storePortraits(portraits: FictionalPortraits, mediaDir: string): Promise<StoredPhoto[]> {
  // The fastest WebP effort: flat illustrations barely gain from more, and CI seeds often.
  return Promise.all(portraits.svgs.map((svg) => storePhoto(Buffer.from(svg), mediaDir, { effort: 0 })));
}
