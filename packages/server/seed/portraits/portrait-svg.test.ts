import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { planPortraits } from './fictional-portraits.ts';
import { PORTRAIT_HEIGHT, PORTRAIT_WIDTH } from './portrait-svg.ts';
import { SKIN_TONES, type Gender } from './portrait-traits.ts';

/** The seed's kind of sequence: the same numbers for the same start. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const members = Array.from({ length: 60 }, (_, i) => {
  const gender: Gender = i % 2 ? 'male' : 'female';
  const age = 20 + ((i * 7) % 55);
  return { gender, age, ...planPortraits(sequence(100 + i), gender, age) };
});

describe('fictional portraits', () => {
  it('are the same for the same member, every time', () => {
    expect(planPortraits(sequence(7), 'female', 41)).toEqual(planPortraits(sequence(7), 'female', 41));
  });

  it('vary: hair styles, hair colours, every skin tone, glasses, beards and earrings', () => {
    const traits = members.map((m) => m.traits);
    expect(new Set(traits.map((t) => t.hairStyle)).size).toBeGreaterThanOrEqual(9);
    expect(new Set(traits.map((t) => t.hairName)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(traits.map((t) => t.skin)).size).toBeGreaterThanOrEqual(SKIN_TONES.length - 1);
    expect(traits.some((t) => t.glasses !== 'none')).toBe(true);
    expect(traits.some((t) => t.beard !== 'none')).toBe(true);
    expect(traits.filter((t) => t.gender === 'female').some((t) => t.earrings !== 'none')).toBe(true);
    expect(traits.filter((t) => t.gender === 'female').every((t) => t.beard === 'none')).toBe(true);
  });

  it('show the years: grey hair is common among the oldest and absent among the youngest', () => {
    const grey = (list: typeof members) => list.filter((m) => m.traits.hairName === 'grey').length / list.length;
    expect(grey(members.filter((m) => m.age < 40))).toBe(0);
    expect(grey(members.filter((m) => m.age >= 60))).toBeGreaterThan(0.5);
  });

  it('give each member 2 to 4 different pictures that render as images', async () => {
    for (const member of members) {
      expect(member.svgs.length).toBeGreaterThanOrEqual(2);
      expect(member.svgs.length).toBeLessThanOrEqual(4);
      expect(new Set(member.svgs).size).toBe(member.svgs.length);
    }
    const meta = await sharp(Buffer.from(members[0]!.svgs[0]!)).metadata();
    expect([meta.width, meta.height]).toEqual([PORTRAIT_WIDTH, PORTRAIT_HEIGHT]);
  });
});
