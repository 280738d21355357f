import sharp from 'sharp';
import { mix } from '@datekit/runtime/rules/colour';
import type { Brand } from '@datekit/runtime/schemas/brand';
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

/** The sizes inside `/favicon.ico`: a tab (16 px, 32 px on a dense screen) and a desktop shortcut. */
const FAVICON_SIZES = [16, 32, 48] as const;

/**
 * `/favicon.ico`, drawn at build time from the brand's icon: browsers ask for it whatever the page links
 * (a JSON answer, an image opened on its own, bookmarks), and a missing one is a 404 in the console.
 */
export async function faviconIco(brand: Pick<Brand, 'logo' | 'theme'>): Promise<Buffer> {
  const logo = brandLogo(brand);
  const source = logo?.kind === 'raster' ? logo.bytes : Buffer.from(brandIconSvg(brand));
  const pngs = await Promise.all(
    FAVICON_SIZES.map((size) =>
      sharp(source, { density: 384 })
        .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer(),
    ),
  );
  return icoOf(pngs.map((png, i) => ({ size: FAVICON_SIZES[i]!, png })));
}

/** An ICO file holding PNG images (every browser since 2009 reads PNG inside ICO). */
export function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width, 0 meaning 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}
