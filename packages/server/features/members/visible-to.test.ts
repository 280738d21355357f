import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { insertMember } from '../users/insert-member.ts';
import { blockedBy, blockersOf, visibleTo, type Visibility } from './visible-to.ts';

/** The helper itself, on a bare database (once per engine): each part of the rule, alone and together. */

let database: TestDatabase;
let db: Db;
const ids = {} as Record<
  'viewer' | 'plain' | 'blockedByViewer' | 'blocksViewer' | 'invisible' | 'disabled' | 'otherBrand' | 'otherViewer',
  number
>;

async function member(key: keyof typeof ids, brand = 'alpha.test', extra: { status?: 'disabled' } = {}) {
  ids[key] = await insertMember(db, {
    brand,
    email: `visible-to-${key}@people.test`,
    passwordHash: null,
    status: 'active',
    language: 'en',
    createdAt: 1,
    acceptedTermsAt: null,
    profile: { name: key, gender: 'female', birth_date: '1990-05-05', country: 'NL', status: extra.status ?? 'active' },
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await member('viewer');
  await member('plain');
  await member('blockedByViewer');
  await member('blocksViewer');
  await member('invisible');
  await member('disabled', 'alpha.test', { status: 'disabled' });
  await member('otherBrand', 'beta.test');
  await member('otherViewer');
  await db.updateTable('profiles').set({ invisible: 1 }).where('id', '=', ids.invisible).execute();
  await db
    .insertInto('blocks')
    .values([
      { blocker_id: ids.viewer, blocked_id: ids.blockedByViewer, created_at: 1 },
      { blocker_id: ids.blocksViewer, blocked_id: ids.viewer, created_at: 1 },
    ])
    .execute();
});
afterAll(() => database.drop());

const EVERYTHING: Visibility = { brand: 'alpha.test', activeOnly: true, hideInvisible: true, hideBlocked: true };
const NOTHING: Visibility = { brand: null, activeOnly: false, hideInvisible: false, hideBlocked: false };

/** The names of the members `viewer` may see under `rule`, sorted. */
async function seen(viewer: number | null, rule: Visibility): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles as p')
    .select('p.name')
    .where((eb) => visibleTo(eb, viewer, rule))
    .execute();
  return rows.map((r) => r.name).sort();
}

const all = () => Object.keys(ids).sort();
const without = (...names: string[]) => all().filter((n) => !names.includes(n));

describe('visibleTo', () => {
  it('with every part on, shows only active, visible members of the brand, not blocked either way, not herself', async () => {
    expect(await seen(ids.viewer, EVERYTHING)).toEqual(['otherViewer', 'plain']);
  });

  it('never shows the viewer herself, whatever the rule', async () => {
    expect(await seen(ids.viewer, NOTHING)).toEqual(without('viewer'));
  });

  it('hides members blocked either way only with hideBlocked', async () => {
    expect(await seen(ids.viewer, { ...NOTHING, hideBlocked: true })).toEqual(
      without('viewer', 'blockedByViewer', 'blocksViewer'),
    );
    // Blocks are the viewer's own: another member still sees both.
    expect(await seen(ids.otherViewer, { ...NOTHING, hideBlocked: true })).toEqual(without('otherViewer'));
  });

  it('hides invisible members only with hideInvisible', async () => {
    expect(await seen(ids.viewer, { ...NOTHING, hideInvisible: true })).toEqual(without('viewer', 'invisible'));
  });

  it('hides disabled profiles only with activeOnly', async () => {
    expect(await seen(ids.viewer, { ...NOTHING, activeOnly: true })).toEqual(without('viewer', 'disabled'));
  });

  it('keeps to the brand given, and to none with null', async () => {
    expect(await seen(ids.viewer, { ...NOTHING, brand: 'alpha.test' })).toEqual(without('viewer', 'otherBrand'));
    expect(await seen(ids.viewer, { ...NOTHING, brand: 'beta.test' })).toEqual(['otherBrand']);
  });

  it('for a visitor (no viewer) applies brand, status and invisibility, with nobody to exclude or block', async () => {
    expect(await seen(null, EVERYTHING)).toEqual(['blockedByViewer', 'blocksViewer', 'otherViewer', 'plain', 'viewer']);
  });

  it('takes the viewer as a column of the outer query (a sweep over many members) with the same answer', async () => {
    const pairs = await db
      .selectFrom('users as u')
      .innerJoin('profiles as p', (join) => join.on('p.id', '!=', 0))
      .select(['u.id as viewer', 'p.name'])
      .where('u.id', 'in', [ids.viewer, ids.otherViewer])
      .where((eb) => visibleTo(eb, eb.ref('u.id'), { ...EVERYTHING, brand: eb.ref('u.brand') }))
      .execute();
    const of = (viewer: number) =>
      pairs
        .filter((p) => p.viewer === viewer)
        .map((p) => p.name)
        .sort();
    expect(of(ids.viewer)).toEqual(await seen(ids.viewer, EVERYTHING));
    expect(of(ids.otherViewer)).toEqual(await seen(ids.otherViewer, EVERYTHING));
  });
});

describe('blockedBy and blockersOf', () => {
  it('tell the two directions of a block apart', async () => {
    const named = async (set: 'by' | 'of') =>
      (
        await db
          .selectFrom('profiles as p')
          .select('p.name')
          .where((eb) => eb('p.id', 'in', set === 'by' ? blockedBy(eb, ids.viewer) : blockersOf(eb, ids.viewer)))
          .execute()
      ).map((r) => r.name);
    expect(await named('by')).toEqual(['blockedByViewer']);
    expect(await named('of')).toEqual(['blocksViewer']);
  });
});
