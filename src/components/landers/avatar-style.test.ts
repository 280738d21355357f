import { describe, expect, it } from 'vitest';
import { avatarStyle } from './avatar-style.ts';

describe('avatarStyle', () => {
  it('is the same for the same seed', () => {
    expect(avatarStyle(7)).toEqual(avatarStyle(7));
  });

  it('varies between seeds', () => {
    const looks = new Set(Array.from({ length: 24 }, (_, seed) => JSON.stringify(avatarStyle(seed))));
    expect(looks.size).toBeGreaterThan(20);
  });

  it('keeps the head inside the picture', () => {
    for (let seed = 0; seed < 200; seed++) {
      const { headX, headR } = avatarStyle(seed);
      expect(headX - headR).toBeGreaterThan(20);
      expect(headX + headR).toBeLessThan(80);
    }
  });
});
