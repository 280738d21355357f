import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember } from '../../test/seed-members.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { down, up } from './20261129_1200_profile_photo_visible.ts';
import * as searchOrderTies from './20261130_0800_search_order_ties.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

let photoNumber = 0;
function addPhoto(profileId: number, photo: { status: 'active' | 'inspection'; is_main: number }) {
  const name = `p${++photoNumber}`;
  return database.db
    .insertInto('photos')
    .values({
      profile_id: profileId,
      filename: `${name}.webp`,
      thumb_filename: `${name}-t.webp`,
      match_filename: `${name}-m.webp`,
      blurred_filename: null,
      width: null,
      height: null,
      created_at: photoNumber,
      ...photo,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((row) => row.id);
}

const visibleOf = async (id: number) =>
  (await database.db.selectFrom('profiles').select('photo_visible').where('id', '=', id).executeTakeFirstOrThrow())
    .photo_visible;

describe('migration 20261129_1200_profile_photo_visible', () => {
  it('sets the column for the photos there are', async () => {
    const untyped = database.db as unknown as Kysely<unknown>;
    // The later migration that replaced this one's index goes first, and comes back last.
    await database.migrating(async () => {
      await searchOrderTies.down(untyped);
      await down(untyped);
    });
    const approved = await insertTestMember(database.db, 'approved@example.com');
    const pending = await insertTestMember(database.db, 'pending@example.com');
    const secondOnly = await insertTestMember(database.db, 'second@example.com');
    await addPhoto(approved, { status: 'active', is_main: 1 });
    await addPhoto(pending, { status: 'inspection', is_main: 1 });
    await addPhoto(secondOnly, { status: 'active', is_main: 0 });
    await database.migrating(async () => {
      await up(untyped);
      await searchOrderTies.up(untyped);
    });
    expect([await visibleOf(approved), await visibleOf(pending), await visibleOf(secondOnly)]).toEqual([1, 0, 0]);
  });

  it('follows every change of a photo: upload, approval, another main photo, removal', async () => {
    const id = await insertTestMember(database.db, 'member@example.com');
    expect(await visibleOf(id)).toBe(0);
    // An upload awaits its check; approving it shows it.
    const first = await addPhoto(id, { status: 'inspection', is_main: 1 });
    expect(await visibleOf(id)).toBe(0);
    await database.db.updateTable('photos').set({ status: 'active' }).where('id', '=', first).execute();
    expect(await visibleOf(id)).toBe(1);
    // A second photo awaiting its check becomes the main one: nothing approved is main any more.
    const second = await addPhoto(id, { status: 'inspection', is_main: 0 });
    await database.db.updateTable('photos').set({ is_main: 0 }).where('id', '=', first).execute();
    await database.db.updateTable('photos').set({ is_main: 1 }).where('id', '=', second).execute();
    expect(await visibleOf(id)).toBe(0);
    // Back to the approved one, then it is removed.
    await database.db.updateTable('photos').set({ is_main: 0 }).where('id', '=', second).execute();
    await database.db.updateTable('photos').set({ is_main: 1 }).where('id', '=', first).execute();
    expect(await visibleOf(id)).toBe(1);
    await database.db.deleteFrom('photos').where('id', '=', first).execute();
    expect(await visibleOf(id)).toBe(0);
    // A photo moved to another profile (no writer does it; the trigger still keeps both right).
    const other = await insertTestMember(database.db, 'other@example.com');
    await database.db.updateTable('photos').set({ status: 'active', is_main: 1 }).where('id', '=', second).execute();
    expect(await visibleOf(id)).toBe(1);
    await database.db.updateTable('photos').set({ profile_id: other }).where('id', '=', second).execute();
    expect([await visibleOf(id), await visibleOf(other)]).toEqual([0, 1]);
  });
});
