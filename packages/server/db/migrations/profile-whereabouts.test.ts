import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOfProfile } from '@datekit/runtime/data/place-of-profile';
import { insertTestMember } from '../../test/seed-members.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { down, up } from './20261129_0900_profile_whereabouts.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('migration 20261129_0900_profile_whereabouts', () => {
  it("gives existing profiles their town's centre, else their region's main town, else none", async () => {
    const db = database.db;
    const untyped = db as unknown as Kysely<unknown>;
    // As a database of before the migration: profiles have no coordinates yet.
    await database.migrating(() => down(untyped));
    const towns: [string, string | null, string | null][] = [
      ['a@example.com', null, 'Utrecht'],
      ['b@example.com', null, 'utrecht'],
      ['c@example.com', 'NL-LI', null],
      ['d@example.com', null, 'Atlantis'],
      ['e@example.com', null, null],
    ];
    const ids: number[] = [];
    for (const [email, region, city] of towns) {
      const id = await insertTestMember(db, email);
      await sql`update profiles set region = ${region}, city = ${city} where id = ${id}`.execute(db);
      ids.push(id);
    }
    await database.migrating(() => up(untyped));

    const rows = await db
      .selectFrom('profiles')
      .select(['id', 'lat', 'lon'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const utrecht = placeOfProfile({ country: 'NL', region: null, city: 'Utrecht' })!;
    const limburg = placeOfProfile({ country: 'NL', region: 'NL-LI', city: null })!;
    const near = (value: number | null, expected: number) => expect(value).toBeCloseTo(expected, 3);
    near(rows[0]!.lat, utrecht.lat);
    near(rows[0]!.lon, utrecht.lon);
    near(rows[1]!.lat, utrecht.lat);
    near(rows[2]!.lat, limburg.lat);
    near(rows[2]!.lon, limburg.lon);
    expect(rows.slice(3).map((r) => [r.lat, r.lon])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
