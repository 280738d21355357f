import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '@datekit/runtime/data/countries';
import { COUNTRY_MAPS } from './country-maps.ts';
import { projectCountry } from './map-projection.ts';

describe('COUNTRY_MAPS', () => {
  it('has an outline and at least five cities for every country a brand may serve', () => {
    for (const code of COUNTRY_CODES) {
      const map = COUNTRY_MAPS[code];
      expect(map.outline.length, code).toBeGreaterThan(0);
      expect(map.cities.length, code).toBeGreaterThanOrEqual(5);
    }
  });
});

describe('projectCountry', () => {
  it.each(COUNTRY_CODES)('fits %s into the picture, cities included', (code) => {
    const { width, height, path, cities } = projectCountry(COUNTRY_MAPS[code], 400, 16);
    expect(width).toBe(400);
    expect(height).toBeGreaterThan(100);
    expect(path).toMatch(/^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+)+Z/);
    for (const city of cities) {
      expect(city.x, city.name).toBeGreaterThanOrEqual(16);
      expect(city.x, city.name).toBeLessThanOrEqual(384);
      expect(city.y, city.name).toBeGreaterThanOrEqual(16);
      expect(city.y, city.name).toBeLessThanOrEqual(height - 16);
    }
  });

  it('keeps proportions: Norway is tall, the United States wide', () => {
    expect(projectCountry(COUNTRY_MAPS.NO).height).toBeGreaterThan(400);
    expect(projectCountry(COUNTRY_MAPS.US).height).toBeLessThan(300);
  });

  it('puts Amsterdam north-west of Eindhoven', () => {
    const { cities } = projectCountry(COUNTRY_MAPS.NL);
    const amsterdam = cities.find((c) => c.name === 'Amsterdam')!;
    const eindhoven = cities.find((c) => c.name === 'Eindhoven')!;
    expect(amsterdam.x).toBeLessThan(eindhoven.x);
    expect(amsterdam.y).toBeLessThan(eindhoven.y);
  });
});
