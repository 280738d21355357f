import { describe, expect, it } from 'vitest';
import { NICHE_SLUGS } from '../data/niches.ts';
import { isNicheSlug, landerSlugPages, publishesLander } from './lander-pages.ts';

describe('landerSlugPages', () => {
  it('prerenders the shell with the brand niche, then one page per niche slug', () => {
    const pages = landerSlugPages('milf');
    expect(pages[0]).toEqual({ slug: '_slug', niche: 'milf' });
    expect(pages.slice(1)).toEqual(NICHE_SLUGS.map((slug) => ({ slug, niche: slug })));
  });

  it('has no two pages with the same parameter', () => {
    const slugs = landerSlugPages('default').map((page) => page.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});

describe('isNicheSlug', () => {
  it.each(['default', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'])('accepts %s', (slug) => {
    expect(isNicheSlug(slug)).toBe(true);
  });

  it.each(['', '_slug', 'MILF', 'milfs', 'lesbian', '6'])('rejects %j', (slug) => {
    expect(isNicheSlug(slug)).toBe(false);
  });
});

describe('publishesLander', () => {
  it('builds only the variants of the brand list', () => {
    expect(publishesLander(['tinderswipe', 'gallery'], 'gallery')).toBe(true);
    expect(publishesLander(['tinderswipe', 'gallery'], 'video')).toBe(false);
    expect(publishesLander([], 'gallery')).toBe(false);
  });
});
