import type { APIRoute } from 'astro';
import { brandLogo } from '../../../site/logo.ts';
import { brandLanguagePaths, type PageProps } from '../../../site/paths.ts';

/**
 * `/logo.png` or `/logo.webp` for a brand whose logo is a raster image (BrandMark links it). SVG logos
 * need no file: BrandMark draws them inline, which saves the page a request.
 */
export function getStaticPaths() {
  return brandLanguagePaths().flatMap(({ params, props }) => {
    const logo = brandLogo(props.brand);
    return logo?.kind === 'raster' ? [{ params: { ...params, ext: logo.extension }, props }] : [];
  });
}

export const GET: APIRoute<PageProps> = ({ props }) => {
  const logo = brandLogo(props.brand);
  if (logo?.kind !== 'raster') return new Response(null, { status: 404 });
  return new Response(new Uint8Array(logo.bytes), { headers: { 'content-type': logo.contentType } });
};
