/**
 * Mollie webhook cost (issue 23): CPU time the server spends on one webhook call for a payment that is
 * already final — Mollie calls again for every refund or chargeback, and retries — measured on a real
 * `datekit serve` process talking to a local fake of Mollie's API over HTTPS (a certificate of a
 * CA made for the run, trusted through NODE_EXTRA_CA_CERTS, as production trusts Mollie's).
 * The server's CPU is read from /proc before and after CALLS webhook posts, one after another; within
 * the payment's quiet window (webhook-sync.ts) they do not reach Mollie, so it is asked once per 5 s.
 * Usage: npx tsx bench/mollie-webhook.ts [calls]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { answers, CLI, freePort, output, ROOT } from '../packages/server/test/cli-process.ts';
import { startFakeMollie } from '../packages/server/test/fake-mollie.ts';
import { TestClient } from '../packages/server/test/http-client.ts';
import { activationLink, pathOf, validSignup } from '../packages/server/test/test-server.ts';
import { makeTestCa } from '../tests/deploy/test-ca.ts';

const CALLS = Number(process.argv[2] ?? 300);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-mollie-bench-'));

/** User plus system CPU time of a process so far, in milliseconds (Linux /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ca = makeTestCa(path.join(dir, 'ca'), ['127.0.0.1', 'localhost']);
const mollie = await startFakeMollie({ tls: { key: fs.readFileSync(ca.key), cert: fs.readFileSync(ca.fullchain) } });
const port = await freePort();
const server = spawn(process.execPath, [CLI, 'serve', '--migrate'], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    DATABASE_URL: '',
    DATEKIT_VAR_DIR: dir,
    PORT: String(port),
    HOST: '127.0.0.1',
    MOLLIE_API_KEY: mollie.apiKey,
    MOLLIE_API_URL: mollie.url,
    NODE_EXTRA_CA_CERTS: ca.caCert,
    RATE_LIMIT: 'off',
    // Signing up the bench's one member is not what is measured.
    PASSWORD_SCRYPT_N: '1024',
  },
});
try {
  await answers(`http://127.0.0.1:${port}/healthz`, server, output(server));
  // The host with its port: the webhook URL the server gives Mollie is built from it.
  const browser = new TestClient(port, `localhost:${port}`);
  await browser.post('/api/signup.php', validSignup({ email: 'mollie-bench@example.com' }));
  const outbox = path.join(dir, 'outbox');
  await browser.get(pathOf(activationLink(fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0]!), 'utf8'))));
  const order = await browser.post<{ payment: { payment_id: string } }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
  });
  if (order.status !== 201) throw new Error(`payment.php answered ${order.status}: ${order.text}`);
  const id = order.body.payment.payment_id;
  mollie.decide(id, 'paid');
  const webhook = async () => {
    const status = await mollie.postWebhook(id);
    if (status !== 200) throw new Error(`webhook answered ${status}`);
  };
  // The first call credits the payment and opens the connection to Mollie; replays are what is measured.
  await webhook();
  const before = cpuMs(server.pid!);
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await webhook();
  const elapsed = performance.now() - started;
  const cpu = cpuMs(server.pid!) - before;
  console.log(`Mollie webhook replays of a paid payment, real datekit serve over HTTPS, ${CALLS} calls:`);
  console.log(`  server CPU per call   ${(cpu / CALLS).toFixed(2)} ms (goal < 5 ms)`);
  console.log(`  answer time per call  ${(elapsed / CALLS).toFixed(2)} ms`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await mollie.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
