import sharp from 'sharp';

/**
 * A tasteful illustrated avatar: a soft two-colour gradient with an abstract head-and-shoulders
 * silhouette. No faces, no bodies, nothing explicit; each seed gives a different palette.
 */
const PALETTES = [
  ['#ff9a9e', '#fad0c4'],
  ['#a18cd1', '#fbc2eb'],
  ['#f6d365', '#fda085'],
  ['#84fab0', '#8fd3f4'],
  ['#fccb90', '#d57eeb'],
  ['#e0c3fc', '#8ec5fc'],
  ['#f093fb', '#f5576c'],
  ['#4facfe', '#00f2fe'],
  ['#43e97b', '#38f9d7'],
  ['#fa709a', '#fee140'],
] as const;

export function avatarSvg(seed: number, size = 512): string {
  const [from, to] = PALETTES[seed % PALETTES.length]!;
  const hairTilt = ((seed * 37) % 40) - 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="${380 + (seed % 5) * 10}" cy="110" r="${50 + (seed % 4) * 12}" fill="#ffffff" opacity="0.18"/>
  <g fill="#ffffff" opacity="0.82">
    <ellipse cx="256" cy="215" rx="78" ry="92" transform="rotate(${hairTilt / 4} 256 215)"/>
    <path d="M96 512c10-110 80-170 160-170s150 60 160 170z"/>
  </g>
</svg>`;
}

/** Full image, thumbnail and the square match crop, as WebP. */
export async function renderAvatar(seed: number): Promise<{ full: Buffer; thumb: Buffer; match: Buffer }> {
  const base = sharp(Buffer.from(avatarSvg(seed)));
  const [full, thumb, match] = await Promise.all([
    base.clone().resize(512, 512).webp({ quality: 82 }).toBuffer(),
    base.clone().resize(128, 128).webp({ quality: 78 }).toBuffer(),
    base.clone().resize(320, 320).webp({ quality: 80 }).toBuffer(),
  ]);
  return { full, thumb, match };
}
