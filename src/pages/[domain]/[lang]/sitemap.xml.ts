import type { APIRoute } from 'astro';
import { brandLanguagePaths, type PageProps } from '../../../site/paths.ts';
import { sitemapXml } from '../../../site/seo.ts';

/** `/sitemap.xml` of the domain: its public pages and published landers, one URL each (no language prefix). */
export function getStaticPaths() {
  return brandLanguagePaths();
}

export const GET: APIRoute<PageProps> = ({ props }) =>
  new Response(sitemapXml(props.brand), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
