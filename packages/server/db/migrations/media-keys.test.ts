import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConversation } from '../../features/chat/conversations.ts';
import { insertTestMember } from '../../test/seed-members.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { MIGRATIONS } from './index.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const member = (email: string) => insertTestMember(database.db, email);

describe('migration 20261124_0009_media_keys', () => {
  it("gives existing chat photos their blurred file's own column, and goes down and up again", async () => {
    const migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => MIGRATIONS },
      // On PostgreSQL the test's own schema holds the bookkeeping tables (see migrateToLatest).
      ...(database.engine === 'postgres' ? { migrationTableSchema: await currentSchema() } : {}),
    });
    // Back to the migration before it (undoing the later ones on the way), as a database of that time.
    // Kysely's migrator reads every schema's tables: it must not run while another test file drops one.
    const down = await database.migrating(() => migrator.migrateTo('20261121_0008_chat'));
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '20261124_0009_media_keys', status: 'Success' });

    const [a, b] = [await member('a@example.com'), await member('b@example.com')];
    const conversation = await startConversation(database.db, { brand: 'alpha.test', from: a, to: b, at: 1 });
    const legacy = { conversation_id: conversation, sender_id: a, body: null, gift_id: null, created_at: 1 };
    await database.db
      .insertInto('messages')
      .values([
        { ...legacy, kind: 'photo', photo_filename: 'photos/abc.webp' },
        { ...legacy, kind: 'text', body: 'hi', photo_filename: null },
      ])
      .execute();

    const up = await database.migrating(() => migrator.migrateToLatest());
    expect(up.error).toBeUndefined();
    const rows = await database.db
      .selectFrom('messages')
      .select(['kind', 'photo_filename', 'photo_blurred_filename'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'photo', photo_filename: 'photos/abc.webp', photo_blurred_filename: 'photos/abc-blur.webp' },
      { kind: 'text', photo_filename: null, photo_blurred_filename: null },
    ]);
  });
});

async function currentSchema(): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return rows[0]!.schema;
}
