import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ApiError } from '../errors/api-error.ts';

/** Uploads above this are refused before decoding; decoded images above the pixel limit too. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_INPUT_PIXELS = 40_000_000;
const MIN_SIDE = 200;
const FULL_SIDE = 1600;

export interface StoredPhoto {
  filename: string;
  thumb_filename: string;
  match_filename: string;
  blurred_filename: string;
  width: number;
  height: number;
}

/**
 * Re-encodes an upload with sharp, whatever it claims to be: anything that does not decode as an
 * image is refused; the output is fresh WebP (orientation applied, every byte of metadata — EXIF,
 * GPS, ICC comments — left behind). Makes the thumbnail, the square match crop and the blurred
 * version for free viewers. Files get unguessable names: a URL is only known to those the API gave it.
 */
export async function storePhoto(input: Buffer, mediaDir: string): Promise<StoredPhoto> {
  let image: sharp.Sharp;
  let width: number;
  let height: number;
  try {
    image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await image.metadata();
    if (!meta.width || !meta.height || (meta.pages && meta.pages > 1)) throw new Error('not a still image');
    const upright = (meta.orientation ?? 1) >= 5;
    [width, height] = upright ? [meta.height, meta.width] : [meta.width, meta.height];
  } catch {
    throw new ApiError('invalid_image');
  }
  if (Math.min(width, height) < MIN_SIDE) throw new ApiError('invalid_image', {}, { reason: 'too_small' });

  const name = `photos/${randomBytes(16).toString('hex')}`;
  const [full, thumb, match, blurred] = await Promise.all([
    image
      .clone()
      .resize(FULL_SIDE, FULL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true }),
    image.clone().resize(256, 256, { fit: 'cover', position: 'attention' }).webp({ quality: 78 }).toBuffer(),
    image.clone().resize(320, 320, { fit: 'cover', position: 'attention' }).webp({ quality: 80 }).toBuffer(),
    // Tiny first, then blurred and scaled up: no detail of the original survives in this file.
    image
      .clone()
      .resize(24, 24, { fit: 'cover' })
      .blur(1.2)
      .resize(320, 320, { kernel: 'cubic' })
      .blur(8)
      .webp({ quality: 60 })
      .toBuffer(),
  ]).catch(() => {
    throw new ApiError('invalid_image');
  });

  await fs.mkdir(path.join(mediaDir, 'photos'), { recursive: true });
  const files = {
    filename: `${name}.webp`,
    thumb_filename: `${name}-thumb.webp`,
    match_filename: `${name}-match.webp`,
    blurred_filename: `${name}-blur.webp`,
  };
  await Promise.all([
    fs.writeFile(path.join(mediaDir, files.filename), full.data),
    fs.writeFile(path.join(mediaDir, files.thumb_filename), thumb),
    fs.writeFile(path.join(mediaDir, files.match_filename), match),
    fs.writeFile(path.join(mediaDir, files.blurred_filename), blurred),
  ]);
  return { ...files, width: full.info.width, height: full.info.height };
}

type PhotoFiles = Partial<Record<'filename' | 'thumb_filename' | 'match_filename' | 'blurred_filename', string | null>>;

export async function deletePhotoFiles(mediaDir: string, photo: PhotoFiles): Promise<void> {
  const names = [photo.filename, photo.thumb_filename, photo.match_filename, photo.blurred_filename].filter(
    Boolean,
  ) as string[];
  await Promise.all(names.map((n) => fs.rm(path.join(mediaDir, n), { force: true })));
}
