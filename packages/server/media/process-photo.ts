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

/** The folders of the media directory that hold member uploads and seeded avatars. */
export const PHOTOS_FOLDER = 'photos';
export const AVATARS_FOLDER = 'avatars';

/**
 * A fresh file name under `folder`: 128 random bits, nothing else. Every variant of a photo gets its
 * own, so no variant's name can be derived from another's (a free viewer's blurred URL tells nothing
 * about the full file's).
 */
export function newMediaName(folder: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.webp`;
}

export interface StoredPhoto {
  filename: string;
  thumb_filename: string;
  match_filename: string;
  blurred_filename: string;
  width: number;
  height: number;
}

export type StoredChatPhoto = Pick<StoredPhoto, 'filename' | 'blurred_filename'>;

/**
 * Decodes an upload with sharp, whatever it claims to be: anything that does not decode as a still
 * image, or is too small, is refused. Orientation is applied; no metadata is carried over.
 */
async function decode(input: Buffer): Promise<sharp.Sharp> {
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
  return image;
}

/**
 * How hard the WebP encoder works (sharp's 0–6, default 4). Seeded portraits, flat illustrations made
 * by the hundred, use 0: a little larger, much faster; uploads keep the default.
 */
export interface EncodeOptions {
  effort?: number;
}

const fullSize = (image: sharp.Sharp, { effort }: EncodeOptions = {}) =>
  image
    .clone()
    .resize(FULL_SIDE, FULL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82, effort })
    .toBuffer({ resolveWithObject: true });

/** Tiny first, then blurred and scaled up: no detail of the original survives in this file. */
const blurredVersion = (image: sharp.Sharp, { effort }: EncodeOptions = {}) =>
  image
    .clone()
    .resize(24, 24, { fit: 'cover' })
    .blur(1.2)
    .resize(320, 320, { kernel: 'cubic' })
    .blur(8)
    .webp({ quality: 60, effort })
    .toBuffer();

async function writeAll(mediaDir: string, files: [name: string, data: Buffer][]): Promise<void> {
  await fs.mkdir(path.join(mediaDir, PHOTOS_FOLDER), { recursive: true });
  await Promise.all(files.map(([name, data]) => fs.writeFile(path.join(mediaDir, name), data)));
}

/**
 * A profile photo: re-encoded as fresh WebP (EXIF, GPS and comments left behind), with the
 * thumbnail, the square match crop and the blurred version for free viewers, each under its own
 * random name.
 */
export async function storePhoto(input: Buffer, mediaDir: string, encode: EncodeOptions = {}): Promise<StoredPhoto> {
  const image = await decode(input);
  const { effort } = encode;
  const [full, thumb, match, blurred] = await Promise.all([
    fullSize(image, encode),
    image.clone().resize(256, 256, { fit: 'cover', position: 'attention' }).webp({ quality: 78, effort }).toBuffer(),
    image.clone().resize(320, 320, { fit: 'cover', position: 'attention' }).webp({ quality: 80, effort }).toBuffer(),
    blurredVersion(image, encode),
  ]).catch(() => {
    throw new ApiError('invalid_image');
  });
  const files = {
    filename: newMediaName(PHOTOS_FOLDER),
    thumb_filename: newMediaName(PHOTOS_FOLDER),
    match_filename: newMediaName(PHOTOS_FOLDER),
    blurred_filename: newMediaName(PHOTOS_FOLDER),
  };
  await writeAll(mediaDir, [
    [files.filename, full.data],
    [files.thumb_filename, thumb],
    [files.match_filename, match],
    [files.blurred_filename, blurred],
  ]);
  return { ...files, width: full.info.width, height: full.info.height };
}

/** A photo sent in a chat: the full image and the blurred version a free recipient gets. */
export async function storeChatPhoto(input: Buffer, mediaDir: string): Promise<StoredChatPhoto> {
  const image = await decode(input);
  const [full, blurred] = await Promise.all([fullSize(image), blurredVersion(image)]).catch(() => {
    throw new ApiError('invalid_image');
  });
  const files = { filename: newMediaName(PHOTOS_FOLDER), blurred_filename: newMediaName(PHOTOS_FOLDER) };
  await writeAll(mediaDir, [
    [files.filename, full.data],
    [files.blurred_filename, blurred],
  ]);
  return files;
}

type PhotoFiles = Partial<Record<'filename' | 'thumb_filename' | 'match_filename' | 'blurred_filename', string | null>>;

export async function deletePhotoFiles(mediaDir: string, photo: PhotoFiles): Promise<void> {
  const names = [photo.filename, photo.thumb_filename, photo.match_filename, photo.blurred_filename].filter(
    Boolean,
  ) as string[];
  await Promise.all(names.map((n) => fs.rm(path.join(mediaDir, n), { force: true })));
}
