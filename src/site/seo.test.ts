import { describe, expect, it } from 'vitest';
import { canonicalPath, isNoIndex, memberOnlyPatterns, robotsTxt, sitemapPaths, sitemapXml } from './seo.ts';

const brand = { domain: 'flirtnord.dk', landers: ['tinderswipe', 'gallery'] as const };

describe('sitemap', () => {
  it('lists the public pages and the landers the brand publishes, nothing for members', () => {
    expect(sitemapPaths({ landers: [...brand.landers] })).toEqual([
      '/',
      '/login',
      '/signup',
      '/pricing',
      '/pages/ban',
      '/pages/cookies',
      '/pages/faq',
      '/pages/privacy',
      '/pages/return-policy',
      '/pages/service',
      '/pages/terms',
      '/landers/tinderswipe',
      '/landers/gallery',
    ]);
  });

  it('is a sitemaps.org document of absolute https URLs on the brand’s domain', () => {
    const xml = sitemapXml({ ...brand, landers: [...brand.landers] });
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(13);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/flirtnord\.dk\//);
    expect(locs).not.toContain('https://flirtnord.dk/landers/video');
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the API and the member-only routes and names the sitemap', () => {
    const robots = robotsTxt(brand);
    expect(robots.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /chats',
        'Disallow: /credits',
        'Disallow: /likes',
        'Disallow: /members/*/chat',
        'Disallow: /transactions',
        'Sitemap: https://flirtnord.dk/sitemap.xml',
      ]),
    );
  });

  it('leaves the public pages crawlable', () => {
    const patterns = memberOnlyPatterns();
    for (const path of ['/', '/login', '/signup', '/members', '/members/7', '/pages/terms', '/landers/gallery']) {
      const blocked = patterns.some((pattern) => new RegExp(`^${pattern.replace(/\*/g, '[^/]+')}(/|$)`).test(path));
      expect(blocked, path).toBe(false);
    }
  });

  it('writes no pattern that a shorter one covers', () => {
    const patterns = memberOnlyPatterns();
    expect(patterns).not.toContain('/likes/m/*');
    expect(patterns).not.toContain('/credits/repeat-order');
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('canonicalPath and isNoIndex', () => {
  it('gives the indexed pages their one URL', () => {
    expect(canonicalPath('index')).toBe('/');
    expect(canonicalPath('pages-terms')).toBe('/pages/terms');
    expect(canonicalPath('members-id')).toBeNull();
  });

  it('keeps member-only pages and the error page out of the index', () => {
    expect(isNoIndex('chats')).toBe(true);
    expect(isNoIndex('not-found')).toBe(true);
    expect(isNoIndex('login')).toBe(false);
    expect(isNoIndex('members-id')).toBe(false);
  });
});
