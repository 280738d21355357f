import fs from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '../services.ts';
import { newMediaName } from './process-photo.ts';
import { memberChanged } from '../features/users/member-cache.ts';

/** Copies `from` to `to` inside the media folder; a file that is already gone is left gone. */
async function copyIfPresent(mediaDir: string, from: string, to: string): Promise<void> {
  await fs.copyFile(path.join(mediaDir, from), path.join(mediaDir, to)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

const removeAll = (mediaDir: string, names: (string | null)[]) =>
  Promise.all(names.filter(Boolean).map((n) => fs.rm(path.join(mediaDir, n!), { force: true })));

/**
 * Gives every variant stored under a derived name (`x.webp`, `x-thumb.webp`, `x-blur.webp`, as files
 * were named before each variant got its own random name) a fresh random name, so no URL a viewer was
 * given leads to another variant. Files are copied, the row switched, then the old files removed: a
 * crash in between leaves a spare copy, never a row pointing at nothing. Safe to run again and on
 * several instances at once (a row is switched only if it still holds the old names). Returns how
 * many photos and chat photos were renamed.
 */
export async function rekeyLegacyMedia(services: Services): Promise<number> {
  const { db } = services;
  const mediaDir = services.config.mediaDir;
  let renamed = 0;

  const photos = await db
    .selectFrom('photos')
    .select(['id', 'profile_id', 'filename', 'thumb_filename', 'match_filename', 'blurred_filename'])
    .where((eb) =>
      eb.or([
        eb('thumb_filename', 'like', '%-thumb.webp'),
        eb('match_filename', 'like', '%-match.webp'),
        eb('blurred_filename', 'like', '%-blur.webp'),
      ]),
    )
    .execute();
  for (const photo of photos) {
    const folder = path.posix.dirname(photo.filename);
    const next = {
      filename: newMediaName(folder),
      thumb_filename: newMediaName(folder),
      match_filename: newMediaName(folder),
      blurred_filename: photo.blurred_filename ? newMediaName(folder) : null,
    };
    const pairs = (['filename', 'thumb_filename', 'match_filename', 'blurred_filename'] as const).flatMap((key) =>
      photo[key] && next[key] ? [[photo[key], next[key]] as const] : [],
    );
    for (const [from, to] of pairs) await copyIfPresent(mediaDir, from, to);
    const switched = await db
      .updateTable('photos')
      .set(next)
      .where('id', '=', photo.id)
      .where('filename', '=', photo.filename)
      .executeTakeFirst();
    const done = Number(switched.numUpdatedRows) === 1;
    if (done) await memberChanged(db, photo.profile_id);
    await removeAll(
      mediaDir,
      pairs.map(([from, to]) => (done ? from : to)),
    );
    if (done) renamed++;
  }

  const messages = await db
    .selectFrom('messages')
    .select(['id', 'photo_filename', 'photo_blurred_filename'])
    .where('photo_blurred_filename', 'like', '%-blur.webp')
    .execute();
  for (const message of messages) {
    const full = message.photo_filename!;
    const blurred = message.photo_blurred_filename!;
    const folder = path.posix.dirname(full);
    const next = { photo_filename: newMediaName(folder), photo_blurred_filename: newMediaName(folder) };
    await copyIfPresent(mediaDir, full, next.photo_filename);
    await copyIfPresent(mediaDir, blurred, next.photo_blurred_filename);
    const switched = await db
      .updateTable('messages')
      .set(next)
      .where('id', '=', message.id)
      .where('photo_blurred_filename', '=', blurred)
      .executeTakeFirst();
    const done = Number(switched.numUpdatedRows) === 1;
    // Chat photos used to be stored with a thumbnail and a match crop that nothing showed.
    const unused = [full.replace(/\.webp$/, '-thumb.webp'), full.replace(/\.webp$/, '-match.webp')];
    await removeAll(mediaDir, done ? [full, blurred, ...unused] : Object.values(next));
    if (done) renamed++;
  }
  return renamed;
}
