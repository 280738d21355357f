import type { APIRoute } from 'astro';
import { brandIconSvg } from '../../../site/logo.ts';
import { brandLanguagePaths, type PageProps } from '../../../site/paths.ts';

/** `/favicon.svg`: the symbol of the brand's SVG logo, else the heart mark in the brand's colours. */
export function getStaticPaths() {
  return brandLanguagePaths();
}

export const GET: APIRoute<PageProps> = ({ props }) =>
  new Response(brandIconSvg(props.brand), { headers: { 'content-type': 'image/svg+xml' } });
