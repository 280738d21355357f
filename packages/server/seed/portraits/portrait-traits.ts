/**
 * What a fictional member looks like, drawn from their profile and a seeded random sequence: the
 * same member always gets the same face, and the profile's hair and eye colour match the picture.
 */

export type Gender = 'female' | 'male';
export type HairName = 'black' | 'brown' | 'blonde' | 'red' | 'grey' | 'bald';
export type EyeName = 'brown' | 'blue' | 'green' | 'grey' | 'hazel';

export const FEMALE_HAIR = ['long', 'bob', 'bun', 'curly', 'pixie', 'ponytail'] as const;
export const MALE_HAIR = ['crop', 'sidepart', 'quiff', 'curly', 'receding', 'bald'] as const;
export type HairStyle = (typeof FEMALE_HAIR)[number] | (typeof MALE_HAIR)[number];

export interface PortraitTraits {
  gender: Gender;
  age: number;
  skin: string;
  hairStyle: HairStyle;
  hairName: HairName;
  hair: string;
  eyeName: EyeName;
  eye: string;
  glasses: 'none' | 'round' | 'square';
  earrings: 'none' | 'studs' | 'hoops';
  beard: 'none' | 'stubble' | 'full' | 'moustache';
  /** Half the face's width, in pixels of the 480 × 600 canvas. */
  faceWidth: number;
  /** Half the shoulders' width. */
  shoulders: number;
}

/** From light to deep; every tone is drawn as often as any other. */
export const SKIN_TONES = ['#f8d9c4', '#f0c4a2', '#e2ae86', '#c98d63', '#a96e48', '#8a5637', '#6c3f27', '#50301f'];

const HAIR_COLOURS: Record<Exclude<HairName, 'bald'>, readonly string[]> = {
  black: ['#1f1a18', '#2b2220'],
  brown: ['#5b3a24', '#7a4b2c', '#4a2f1f'],
  blonde: ['#d8b16a', '#e6c88f', '#c99a52'],
  red: ['#a5432a', '#bf5f30'],
  grey: ['#b8b3ad', '#d6d2cc', '#9d9893'],
};

const EYE_COLOURS: Record<EyeName, string> = {
  brown: '#5a3a22',
  blue: '#3f78b5',
  green: '#4f8a4b',
  grey: '#7a8791',
  hazel: '#8a6a35',
};

export type Random = () => number;

export function pickWith<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Grey comes with the years: rare before 45, common after 55, nearly always after 65. */
function greyChance(age: number): number {
  if (age >= 65) return 0.85;
  if (age >= 55) return 0.6;
  if (age >= 45) return 0.25;
  return 0;
}

export function portraitTraits(random: Random, gender: Gender, age: number): PortraitTraits {
  const pick = <T>(items: readonly T[]) => pickWith(random, items);
  const skin = pick(SKIN_TONES);
  const tone = SKIN_TONES.indexOf(skin);
  const deepSkin = tone >= 5;
  const grey = random() < greyChance(age);
  let hairName: Exclude<HairName, 'bald'> = grey
    ? 'grey'
    : deepSkin
      ? tone >= 6
        ? 'black'
        : pick(['black', 'black', 'brown'] as const)
      : pick(['black', 'brown', 'brown', 'blonde', 'blonde', 'red'] as const);
  if (!grey && hairName === 'red' && random() < 0.5) hairName = 'brown';

  let hairStyle: HairStyle;
  if (gender === 'female') {
    // Older women wear their hair shorter or up more often than long.
    hairStyle = age >= 55 ? pick(['bob', 'bob', 'pixie', 'bun', 'curly', 'long'] as const) : pick(FEMALE_HAIR);
  } else {
    hairStyle =
      age >= 50
        ? pick(['crop', 'sidepart', 'receding', 'receding', 'bald', 'curly'] as const)
        : pick(['crop', 'sidepart', 'quiff', 'curly', 'crop', 'receding'] as const);
  }
  const eyeName = deepSkin
    ? pick(['brown', 'brown', 'hazel'] as const)
    : pick(['brown', 'blue', 'green', 'grey', 'hazel'] as const);
  const glassesChance = age >= 50 ? 0.55 : 0.2;
  return {
    gender,
    age,
    skin,
    hairStyle,
    hairName: hairStyle === 'bald' ? 'bald' : hairName,
    hair: pick(HAIR_COLOURS[hairName]),
    eyeName,
    eye: EYE_COLOURS[eyeName],
    glasses: random() < glassesChance ? pick(['round', 'square'] as const) : 'none',
    earrings: gender === 'female' ? pick(['none', 'studs', 'hoops'] as const) : 'none',
    beard: gender === 'male' ? pick(['none', 'none', 'stubble', 'full', 'moustache'] as const) : 'none',
    faceWidth: gender === 'female' ? 70 + Math.floor(random() * 8) : 74 + Math.floor(random() * 10),
    shoulders: gender === 'female' ? 170 + Math.floor(random() * 30) : 195 + Math.floor(random() * 30),
  };
}
