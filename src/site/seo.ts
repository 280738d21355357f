import { LANDER_ROUTE_VARIANTS, pathFor, ROUTES, STATIC_PAGES } from '@datekit/runtime/routes';
import type { Brand } from '@datekit/runtime/schemas/brand';

/**
 * What search engines get per domain: the sitemap of the public pages worth finding, and robots.txt.
 * Language has no URL prefix (spec §9: the cookie picks it), so each page has one URL and no hreflang
 * alternates.
 */

type SitemapBrand = Pick<Brand, 'domain' | 'landers'>;

/** The site's absolute address of a path. */
export function siteUrl(domain: string, path: string): string {
  return `https://${domain}${path}`;
}

/** Route names of the public, indexable pages: home, login, signup, pricing and the static pages. */
const INDEXED_ROUTES = ['index', 'login', 'signup', 'pricing', ...STATIC_PAGES.map((page) => `pages-${page}`)];

/** The paths the sitemap lists, in this order: pages, then the landers the brand publishes. */
export function sitemapPaths(brand: Pick<SitemapBrand, 'landers'>): string[] {
  const pages = INDEXED_ROUTES.map((name) => pathFor(name));
  const landers = brand.landers.map((variant) =>
    (LANDER_ROUTE_VARIANTS as readonly string[]).includes(variant)
      ? pathFor(`landers-${variant}-slug`)
      : pathFor(`landers-${variant}`),
  );
  return [...pages, ...landers];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapXml(brand: SitemapBrand): string {
  const urls = sitemapPaths(brand)
    .map((path) => `  <url><loc>${escapeXml(siteUrl(brand.domain, path))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * robots.txt patterns of the member-only routes: parameters become `*` (understood by the major
 * crawlers), a trailing optional segment is dropped, and patterns that a shorter one already covers
 * are left out (`/likes` covers `/likes/m/*`).
 */
export function memberOnlyPatterns(): string[] {
  const patterns = ROUTES.filter((route) => route.auth).map((route) =>
    route.path.replace(/\/\{\w+\?\}$/, '').replace(/\{\w+\}/g, '*'),
  );
  const unique = [...new Set(patterns)].sort();
  return unique.filter((pattern) =>
    unique.every((other) => other === pattern || !(pattern.startsWith(`${other}/`) || pattern === other)),
  );
}

export function robotsTxt(brand: Pick<SitemapBrand, 'domain'>): string {
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    ...memberOnlyPatterns().map((pattern) => `Disallow: ${pattern}`),
    '',
    `Sitemap: ${siteUrl(brand.domain, '/sitemap.xml')}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** The canonical path of a page that the sitemap lists, by route name; null for every other page. */
export function canonicalPath(routeName: string): string | null {
  return INDEXED_ROUTES.includes(routeName) ? pathFor(routeName) : null;
}

/** Pages search engines should not index: member-only routes and the error page. */
export function isNoIndex(routeName: string): boolean {
  if (routeName === 'not-found') return true;
  return ROUTES.some((route) => route.name === routeName && route.auth);
}
