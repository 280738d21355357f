import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  E2E_BASE_URL,
  E2E_METRICS_TOKEN,
  E2E_PORT,
  E2E_POSTBACK_ORIGIN,
  E2E_VAR_DIR,
  E2E_VAPID,
  ROOT,
} from './e2e-env.ts';

const CLI = path.join(ROOT, 'packages/cli/bin/datekit.mjs');

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** Chromium present, demo brand built, a fresh database and outbox, the real server listening. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  execFileSync('bash', [path.join(ROOT, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync(process.execPath, [CLI, 'build', '--brand', 'localhost'], { stdio: 'inherit', cwd: ROOT });
  }
  fs.rmSync(E2E_VAR_DIR, { recursive: true, force: true });
  const env = {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: 'localhost',
    DATEKIT_VAR_DIR: E2E_VAR_DIR,
    DATABASE_URL: '',
    // The suite signs up many members from one address, and hashes their passwords at the lowest
    // cost: at the production cost each signup and login took over half a second of CPU.
    RATE_LIMIT: 'off',
    PASSWORD_SCRYPT_N: '1024',
    // Notification mails go out a second after the event, not 15 minutes, and a closed tab stops
    // counting as open after a second, so notification-prefs.spec.ts waits for the mail, not for minutes.
    NOTIFICATION_BATCH_SECONDS: '1',
    PRESENCE_WINDOW_SECONDS: '1',
    JOB_POLL_MS: '200',
    // Web push configured, as in production (push.spec.ts).
    VAPID_PUBLIC_KEY: E2E_VAPID.publicKey,
    VAPID_PRIVATE_KEY: E2E_VAPID.privateKey,
    VAPID_SUBJECT: 'mailto:e2e@datekit.invalid',
    // push.spec.ts subscribes with an endpoint on this origin, which resolves nowhere: allowed by name.
    PUSH_ENDPOINT_ALLOWLIST: 'https://push.example.invalid',
    // postbacks.spec.ts's local affiliate network (plain http on loopback: allowed by its exact origin).
    POSTBACK_ENDPOINT_ALLOWLIST: E2E_POSTBACK_ORIGIN,
    METRICS_TOKEN: E2E_METRICS_TOKEN,
  };
  execFileSync(process.execPath, [CLI, 'db', 'seed', '--brand', 'localhost', '--count', '12'], {
    stdio: 'inherit',
    cwd: ROOT,
    env,
  });
  const server = spawn(process.execPath, [CLI, 'serve', '--migrate'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForServer(`${E2E_BASE_URL}/api/settings.php`, 30_000);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  };
}
