import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createServices } from '../create-services.ts';
import { MIN_SCRYPT_N } from '../features/auth/passwords.ts';
import { DEMO_ACCOUNT, seedDemoMembers } from '../seed/seed-demo.ts';
import { FIXTURE_BRANDS, FIXTURE_SEARCH_DEFAULTS } from '../test/fixture-brands.ts';
import { TestClient } from '../test/http-client.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { backupSqlite, pgDumpArgs, pgRestoreArgs, runPgTool, type SpawnTool, withoutPassword } from './backup.ts';
import { createDatabase, type Db, type Engine } from './database.ts';
import { migrateToLatest, pendingMigrations } from './migrate.ts';

const brand = FIXTURE_BRANDS[0]!;
const site = { brands: FIXTURE_BRANDS, searchDefaults: FIXTURE_SEARCH_DEFAULTS };
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-backup-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function servicesOn(db: Db, engine: Engine) {
  return createServices(
    {
      ...loadConfig({ DATEKIT_VAR_DIR: dir, LOG_LEVEL: 'silent' }),
      databaseUrl: undefined,
      passwordScryptN: MIN_SCRYPT_N,
    },
    site,
    {
      db,
      engine,
    },
  );
}

/** The restored database serves: migrations current, the demo member logs in over HTTP, the members are there. */
async function expectServes(db: Db, engine: Engine, schema?: string): Promise<void> {
  expect(await pendingMigrations(db, schema ? { schema } : {})).toEqual([]);
  const services = servicesOn(db, engine);
  const app = createApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const browser = new TestClient((app.server.address() as AddressInfo).port, brand.domain);
    const login = await browser.post('/api/user.php', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    expect(login.status).toBe(200);
    const fictional = await db.selectFrom('users').select('id').where('password_hash', 'is', null).execute();
    expect(fictional).toHaveLength(3);
  } finally {
    await app.close();
  }
}

describe.skipIf(process.env.DATEKIT_TEST_DB === 'postgres')('restore drill, SQLite', () => {
  it('an online backup of a seeded database, restored into a new file, serves the same data', async () => {
    const live = path.join(dir, 'live.sqlite');
    const { db, closed } = createDatabase({ sqlitePath: live });
    await migrateToLatest(db);
    await seedDemoMembers(servicesOn(db, 'sqlite'), brand, 3);
    // Taken while the live database is open, as `datekit db backup` does beside a running server.
    const backup = path.join(dir, 'backups', 'datekit.sqlite');
    await backupSqlite(live, backup);
    await db.destroy();
    await closed();

    const restored = path.join(dir, 'restored', 'datekit.sqlite');
    fs.mkdirSync(path.dirname(restored), { recursive: true });
    fs.copyFileSync(backup, restored);
    const copy = createDatabase({ sqlitePath: restored });
    try {
      await expectServes(copy.db, 'sqlite');
    } finally {
      await copy.db.destroy();
      await copy.closed();
    }
  });

  it('refuses to back up a database that does not exist', async () => {
    await expect(backupSqlite(path.join(dir, 'missing.sqlite'), path.join(dir, 'x.sqlite'))).rejects.toThrow(
      /No database at/,
    );
  });
});

/** A password with the characters a password file escapes. */
const PASSWORD = 'drill:pass\\word';

interface SeenSpawn {
  tool: string;
  args: string[];
  passwordFilePath: string | null;
  passwordFile: string | null;
  passwordFileMode: number | null;
}

/** Spawns the real tool and remembers its command line and password file as the tool saw them. */
function watchedSpawns(spawnTool: SpawnTool = spawn): { spawn: SpawnTool; seen: SeenSpawn[] } {
  const seen: SeenSpawn[] = [];
  return {
    seen,
    spawn: (tool, args, options) => {
      const file = options.env?.PGPASSFILE;
      seen.push({
        tool,
        args,
        passwordFilePath: file ?? null,
        passwordFile: file ? fs.readFileSync(file, 'utf8') : null,
        passwordFileMode: file ? fs.statSync(file).mode & 0o777 : null,
      });
      return spawnTool(tool, args, options);
    },
  };
}

/** `ps` shows every process's command line to every user: the password travels in a 0600 file only. */
function expectNoPasswordOnCommandLine(seen: SeenSpawn[]): void {
  expect(seen.length).toBeGreaterThan(0);
  for (const call of seen) {
    const commandLine = call.args.join(' ');
    expect(commandLine).not.toContain('drill');
    expect(commandLine).not.toContain(encodeURIComponent(PASSWORD));
    expect(call.passwordFile).toBe('*:*:*:*:drill\\:pass\\\\word\n');
    expect(call.passwordFileMode).toBe(0o600);
  }
}

describe.skipIf(process.env.DATEKIT_TEST_DB === 'postgres')('PostgreSQL client tools', () => {
  it('get the password from a 0600 password file, never on their command line, and the file is removed', async () => {
    const calls = watchedSpawns((_tool, _args, options) => spawn(process.execPath, ['-e', ''], options));
    const url = `postgres://backup:${encodeURIComponent(PASSWORD)}@db.example:6543/members?sslmode=require`;
    await runPgTool('pg_dump', url, (db) => pgDumpArgs(db, '/tmp/x.dump'), calls.spawn);
    expectNoPasswordOnCommandLine(calls.seen);
    expect(calls.seen[0]!.args.at(-1)).toBe('postgres://backup@db.example:6543/members?sslmode=require');
    expect(fs.existsSync(calls.seen[0]!.passwordFilePath!)).toBe(false);
  });

  it('takes a password given as a URL parameter out too', () => {
    expect(withoutPassword('postgres://u@h/db?password=s%3Dcret&sslmode=verify-full')).toEqual({
      connection: 'postgres://u@h/db?sslmode=verify-full',
      password: 's=cret',
    });
    expect(withoutPassword('postgres://u@h/db')).toEqual({ connection: 'postgres://u@h/db', password: null });
  });
});

describe.skipIf(process.env.DATEKIT_TEST_DB !== 'postgres')('restore drill, PostgreSQL', () => {
  it('pg_dump of a seeded schema, pg_restore into a new database, serves the same data', async () => {
    // The test database trusts local connections; the password shows where it travels.
    const withPassword = new URL(process.env.TEST_DATABASE_URL!);
    withPassword.password = encodeURIComponent(PASSWORD);
    const url = withPassword.toString();
    const source = await createTestDatabase();
    const schema = (
      await source.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()
    ).s;
    await seedDemoMembers(servicesOn(source.db, 'postgres'), brand, 3);
    const dump = path.join(dir, 'datekit.dump');
    const calls = watchedSpawns();
    await runPgTool('pg_dump', url, (db) => pgDumpArgs(db, dump, schema), calls.spawn);
    expectNoPasswordOnCommandLine(calls.seen);
    await source.drop();

    const name = `restore_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      await runPgTool('pg_restore', target.toString(), (db) => pgRestoreArgs(db, dump), calls.spawn);
      expectNoPasswordOnCommandLine(calls.seen);
      const copy = createDatabase({ databaseUrl: target.toString(), searchPath: schema });
      try {
        await expectServes(copy.db, 'postgres', schema);
      } finally {
        await copy.db.destroy();
      }
    } finally {
      // pg's pool.end() resolves before its sockets close: a forced drop would kill a closing client,
      // whose error nobody listens to any more. Wait until the database has no backend left.
      await until(async () => {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        return rows[0]!.n === 0;
      });
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    // Two client programs and a new database: 4 s on an idle machine, over 30 s once on a busy one.
  }, 90_000);
});

/** Resolves once `done` answers true (asked again after each answer), or fails after 10 s. */
async function until(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('still not done after 10 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
