import type { APIRoute } from 'astro';
import { brandLanguagePaths, type PageProps } from '../../../site/paths.ts';
import { robotsTxt } from '../../../site/seo.ts';

/** `/robots.txt` of the domain: the API and member-only routes stay out of search engines. */
export function getStaticPaths() {
  return brandLanguagePaths();
}

export const GET: APIRoute<PageProps> = ({ props }) =>
  new Response(robotsTxt(props.brand), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
