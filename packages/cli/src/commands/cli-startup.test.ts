import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLI, ROOT } from '../../../server/test/cli-process.ts';

/**
 * The CLI declares its commands without loading what they run (main.ts, `<command>.command.ts`): the
 * real process, with a hook that records every module it resolves.
 */

const RECORDER = path.join(ROOT, 'packages/cli/test/record-modules.mjs');
/** What only running a command may load: the server and its stack, Astro, the runtime's barrel. */
const HEAVY = [
  /\/packages\/server\/index\.ts$/,
  /\/packages\/runtime\/index\.ts$/,
  /\/packages\/brand-config\//,
  /\/node_modules\/(fastify|kysely|better-sqlite3|pg|astro|zod|i18next)\//,
];
/** The module of each command's action (`<command>.ts`, beside its `<command>.command.ts`). */
const ACTIONS = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.command.ts'))
  .map((file) => file.replace('.command.ts', '.ts'));
/** The server's modules used outside its commands: the declarations' constants, the build's script hashes. */
const SERVER_MODULES_OUTSIDE_ITS_COMMANDS = [
  'config-error.ts',
  'features/operator/permissions.ts',
  'features/postbacks/postback-events.ts',
  'site/inline-scripts.ts',
];
const PROCESS_TIMEOUT = 60_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'datekit-startup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs `datekit <args>` and answers its exit code, what it printed and the modules it resolved. */
async function run(args: string[]) {
  const record = path.join(dir, `${args.join('-')}.txt`);
  const result = spawnSync(process.execPath, ['--import', RECORDER, CLI, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, RECORD_MODULES: record },
    timeout: PROCESS_TIMEOUT,
  });
  const modules = (await readFile(record, 'utf8')).split('\n');
  return { status: result.status, output: result.stdout + result.stderr, modules };
}

describe('datekit startup', () => {
  test(
    '--help lists every command and loads none of their modules',
    async () => {
      const { status, output, modules } = await run(['--help']);
      expect(status).toBe(0);
      for (const command of ['validate', 'build', 'serve', 'db', 'operators', 'discounts', 'demo']) {
        expect(output).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
      }
      // The recorder saw the CLI itself: an empty list would pass the checks below for a wrong reason.
      expect(modules.some((url) => url.endsWith('/packages/cli/src/main.ts'))).toBe(true);
      expect(ACTIONS.length).toBeGreaterThan(10);
      expect(modules.filter((url) => HEAVY.some((pattern) => pattern.test(url)))).toEqual([]);
      expect(modules.filter((url) => ACTIONS.some((action) => url.endsWith(`/commands/${action}`)))).toEqual([]);
    },
    PROCESS_TIMEOUT,
  );

  test(
    'a command loads its own module when it runs, and build never loads the server',
    async () => {
      // A brand that does not exist: the build's modules load and refuse it before Astro starts.
      const { status, output, modules } = await run(['build', '--brand', 'no-such-brand.example']);
      expect(status).toBe(1);
      expect(output).toContain('there is no brand file for "no-such-brand.example"');
      expect(modules.some((url) => url.endsWith('/packages/cli/src/commands/build.ts'))).toBe(true);
      expect(modules.some((url) => url.endsWith('/packages/cli/src/build/build-sites.ts'))).toBe(true);
      expect(modules.filter((url) => /\/node_modules\/(fastify|kysely|better-sqlite3|pg)\//.test(url))).toEqual([]);
      const server = modules.filter((url) => url.includes('/packages/server/'));
      expect(
        server.filter((url) => !SERVER_MODULES_OUTSIDE_ITS_COMMANDS.some((file) => url.endsWith(`/server/${file}`))),
      ).toEqual([]);
    },
    PROCESS_TIMEOUT,
  );
});
