import type { APIRoute } from 'astro';
import { APP_ICONS } from '../../../site/icons.ts';
import { brandLanguagePaths, type PageProps } from '../../../site/paths.ts';

/**
 * `/manifest.webmanifest` per brand and language: what makes the site installable as an app (spec §2's
 * installed-app mode is `display: standalone`).
 */
export function getStaticPaths() {
  return brandLanguagePaths();
}

export const GET: APIRoute<PageProps> = ({ props }) => {
  const { brand, lang } = props;
  const manifest = {
    id: '/',
    name: brand.name,
    short_name: brand.name,
    description: brand.description,
    lang,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.theme.primary,
    background_color: '#ffffff',
    icons: [
      ...APP_ICONS.map((icon) => ({
        src: `/${icon.file}`,
        sizes: `${icon.size}x${icon.size}`,
        type: 'image/png',
        purpose: icon.purpose,
      })),
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), { headers: { 'content-type': 'application/manifest+json' } });
};
