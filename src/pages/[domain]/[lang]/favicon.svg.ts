import type { APIRoute } from 'astro';
import { brandLanguagePaths, type PageProps } from '../../../site/paths.ts';

/** `/favicon.svg` in the brand's colours (issue 3 lets a brand ship its own logo). */
export function getStaticPaths() {
  return brandLanguagePaths();
}

export const GET: APIRoute<PageProps> = ({ props }) => {
  const { primary, secondary } = props.brand.theme;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${secondary}"/><stop offset="1" stop-color="${primary}"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M16 24.5s-7.5-4.6-7.5-10a4.2 4.2 0 0 1 7.5-2.6 4.2 4.2 0 0 1 7.5 2.6c0 5.4-7.5 10-7.5 10Z" fill="#fff"/></svg>`;
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml' } });
};
