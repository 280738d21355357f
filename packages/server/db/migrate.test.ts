import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { assertMigrated, migrateToLatest, NotMigratedError, pendingMigrations } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';

describe.skipIf(process.env.DATEKIT_TEST_DB === 'postgres')('migration status', () => {
  it('an empty database has every migration pending and is refused with the command to run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-migrate-'));
    const { db, closed } = createDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
    try {
      expect(await pendingMigrations(db)).toEqual(Object.keys(MIGRATIONS));
      const refused = await assertMigrated(db).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(NotMigratedError);
      expect((refused as Error).message).toContain('datekit db migrate');
      await migrateToLatest(db);
      expect(await pendingMigrations(db)).toEqual([]);
      await expect(assertMigrated(db)).resolves.toBeUndefined();
    } finally {
      await db.destroy();
      // Its checkpoint thread still holds the file until it has stopped.
      await closed();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
