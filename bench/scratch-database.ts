/**
 * What the benches that start servers of their own share: a scratch database for them (a temporary
 * SQLite directory, or a fresh PostgreSQL schema dropped afterwards), and, in a server child process,
 * the services as `datekit serve` opens them (rate limits off: one client at full speed is the point).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPostgresBus, loadConfig, type Services } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';

export interface ScratchDatabase {
  /** The environment of a server on it: DATEKIT_VAR_DIR, and DATABASE_URL in the schema on PostgreSQL. */
  serverEnv: NodeJS.ProcessEnv;
  /** The PostgreSQL schema (migrations are told it); unused on SQLite. */
  schema: string;
  /** Drops the schema and removes the directory; call once the servers have exited. */
  drop(): Promise<void>;
}

export async function scratchDatabase(databaseUrl: string | undefined, name: string): Promise<ScratchDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `datekit-${name}-`));
  const schema = `bench_${name.replace(/-/g, '_')}_${randomBytes(4).toString('hex')}`;
  let serverEnv: NodeJS.ProcessEnv = { ...process.env, DATEKIT_VAR_DIR: dir };
  let admin: pg.Client | undefined;
  if (databaseUrl) {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    serverEnv = { ...serverEnv, DATABASE_URL: url.toString() };
  } else delete serverEnv.DATABASE_URL;
  return {
    serverEnv,
    schema,
    async drop() {
      if (admin) {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** In a server child: services from the environment as `serve` opens them, with the PostgreSQL bus there. */
export async function openServerServices(): Promise<Services> {
  const config = loadConfig({ ...process.env, RATE_LIMIT: 'off' });
  const services = await openServices(config);
  if (config.databaseUrl) {
    await services.events.close();
    services.events = await createPostgresBus(config.databaseUrl);
  }
  return services;
}
