import type { APIRoute } from 'astro';
import { faviconIco } from '../../../site/icons.ts';
import { brandLanguagePaths, type PageProps } from '../../../site/paths.ts';

/** `/favicon.ico`: the brand's icon (its SVG logo's symbol, else the heart mark in its colours) as ICO. */
export function getStaticPaths() {
  return brandLanguagePaths();
}

// Every language of a brand has the same icon: draw it once per build.
const drawn = new Map<string, Promise<Buffer>>();

export const GET: APIRoute<PageProps> = async ({ props }) => {
  let ico = drawn.get(props.brand.domain);
  if (!ico) {
    ico = faviconIco(props.brand);
    drawn.set(props.brand.domain, ico);
  }
  return new Response(new Uint8Array(await ico), { headers: { 'content-type': 'image/x-icon' } });
};
