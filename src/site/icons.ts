import sharp from 'sharp';
import { mix } from '../../packages/runtime/rules/colour.ts';
import type { Brand } from '../../packages/runtime/schemas/brand/index.ts';
import { brandIconSvg, brandLogo } from './logo.ts';

/** The PNG icons of the web app manifest: `any` on white, `maskable` full-bleed for launchers that crop. */
export const APP_ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

export type AppIcon = (typeof APP_ICONS)[number];

/**
 * Share of the icon the mark fills. A maskable icon may be cut to a circle of 80% of its side, so its
 * mark stays inside that; an `any` icon keeps a small margin.
 */
const MARK_SHARE: Record<AppIcon['purpose'], number> = { any: 0.82, maskable: 0.58 };

/** An app icon of the brand, drawn at build time from its logo (or heart mark). */
export async function appIconPng(brand: Pick<Brand, 'logo' | 'theme'>, icon: AppIcon): Promise<Buffer> {
  const markSize = Math.round(icon.size * MARK_SHARE[icon.purpose]);
  const logo = brandLogo(brand);
  const source = logo?.kind === 'raster' ? logo.bytes : Buffer.from(brandIconSvg(brand));
  // Trimmed first, so that the mark is centred whatever margin its drawing leaves on one side.
  const trimmed = await sharp(source, { density: 384 }).trim().png().toBuffer();
  const mark = await sharp(trimmed)
    .resize(markSize, markSize, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const background = icon.purpose === 'maskable' ? mix(brand.theme.primary, '#ffffff', 0.9) : '#ffffff';
  return sharp({ create: { width: icon.size, height: icon.size, channels: 4, background } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}
