import type { APIRoute } from 'astro';
import { APP_ICONS, appIconPng, type AppIcon } from '../../../site/icons.ts';
import { brandLanguagePaths, type PageProps } from '../../../site/paths.ts';

/** `/icon-192.png`, `/icon-512.png`, `/icon-maskable-512.png`: the web app manifest's icons, drawn with sharp. */
export function getStaticPaths() {
  return brandLanguagePaths().flatMap(({ params, props }) =>
    APP_ICONS.map((icon) => ({
      params: { ...params, icon: icon.file.replace(/\.png$/, '') },
      props: { ...props, icon },
    })),
  );
}

type Props = PageProps & { icon: AppIcon };

// Every language of a brand has the same icons: draw each once per build.
const drawn = new Map<string, Promise<Buffer>>();

export const GET: APIRoute<Props> = async ({ props }) => {
  const key = `${props.brand.domain}/${props.icon.file}`;
  let png = drawn.get(key);
  if (!png) {
    png = appIconPng(props.brand, props.icon);
    drawn.set(key, png);
  }
  return new Response(new Uint8Array(await png), { headers: { 'content-type': 'image/png' } });
};
