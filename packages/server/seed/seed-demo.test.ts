import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createServices } from '../create-services.ts';
import type { Services } from '../services.ts';
import { FIXTURE_BRANDS, FIXTURE_SEARCH_DEFAULTS } from '../test/fixture-brands.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { DEMO_ACCOUNT, seedDemoMembers } from './seed-demo.ts';

const brand = FIXTURE_BRANDS[0]!;
let database: TestDatabase;
let services: Services;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-seed-'));
  database = await createTestDatabase();
  services = createServices(
    { ...loadConfig({ DATEKIT_VAR_DIR: dir }), databaseUrl: undefined },
    { brands: FIXTURE_BRANDS, searchDefaults: FIXTURE_SEARCH_DEFAULTS },
    { db: database.db, engine: database.engine },
  );
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function counts() {
  const users = await services.db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('brand', '=', brand.domain)
    .execute();
  const photos = await services.db.selectFrom('photos').select('id').execute();
  return {
    fictional: users.filter((u) => u.password_hash === null).length,
    demo: users.filter((u) => u.email === DEMO_ACCOUNT.email).length,
    photos: photos.length,
  };
}

describe('demo seeding', () => {
  it('is all or nothing: a seed interrupted midway leaves no member, photo or demo login', async () => {
    const interrupted = seedDemoMembers(services, brand, 4, {
      onMember: (index) => {
        if (index === 2) throw new Error('stopped while seeding');
      },
    });
    await expect(interrupted).rejects.toThrow('stopped while seeding');
    expect(await counts()).toEqual({ fictional: 0, demo: 0, photos: 0 });
  });

  it('the next run completes, and a run after that changes nothing', async () => {
    expect(await seedDemoMembers(services, brand, 4)).toEqual({ created: 4, skipped: false });
    expect(await counts()).toEqual({ fictional: 4, demo: 1, photos: 4 });
    expect(await seedDemoMembers(services, brand, 4)).toEqual({ created: 0, skipped: true });
    expect(await counts()).toEqual({ fictional: 4, demo: 1, photos: 4 });
  });
});
