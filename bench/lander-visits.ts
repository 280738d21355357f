/**
 * What counting a lander visit (issue 27) adds to serving the page: the demo brand's built
 * `/landers/gallery/milf` (run `datekit build --brand localhost` first) served by the datekit app with
 * counting (in memory, one upsert a second; the dk_lander cookie) and by the same app whose counter
 * records nothing, same run, alternating rounds, autocannon on 127.0.0.1 with and without brotli. Prints
 * the ratio, and checks that the visits written equal the requests answered.
 * Usage: npx tsx bench/lander-visits.ts [seconds per round] [rounds]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createApp, loadConfig, migrateToLatest, type Services } from '@datekit/server';
import { openServices } from '../packages/cli/src/server-context.ts';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const connections = 10;
const PAGE = '/landers/gallery/milf?network=bench&sub1=s1';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-bench-'));
const services = await openServices(loadConfig({ DATEKIT_VAR_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT: 'off' }));
await migrateToLatest(services.db);

// The baseline: the same services and app, but a counter that records nothing.
const uncounted: Services = {
  ...services,
  landers: {
    ...services.landers,
    visits: Object.assign(Object.create(services.landers.visits) as Services['landers']['visits'], { record() {} }),
  },
};

async function listen(app: ReturnType<typeof createApp>) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${PAGE}`;
}
const countedApp = createApp(services);
const plainApp = createApp(uncounted);
const counted = await listen(countedApp);
const plain = await listen(plainApp);

const probe = await fetch(counted, { headers: { host: 'localhost' } });
if (probe.status !== 200 || !(await probe.text()).includes('gallery'))
  throw new Error(`${PAGE} answered ${probe.status}: build the demo brand first (datekit build --brand localhost)`);

let answered = 1;
async function run(url: string, encoding: string, count: boolean): Promise<number> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { host: 'localhost', 'accept-encoding': encoding },
  });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx + result.errors} requests failed`);
  if (count) answered += result.requests.total;
  return result.requests.average;
}

console.log(
  `autocannon, ${connections} connections, ${rounds} rounds of ${seconds} s per setting, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, SQLite`,
);
for (const encoding of ['br', 'identity']) {
  await run(plain, encoding, false); // warm-up: the compressed page cache, JIT
  await run(counted, encoding, true);
  const with_: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < rounds; round++) {
    without.push(await run(plain, encoding, false));
    with_.push(await run(counted, encoding, true));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(
    `${encoding.padEnd(8)} without counting ${mean(without).toFixed(0).padStart(6)} req/s   with counting ${mean(with_).toFixed(0).padStart(6)} req/s   ratio ${(mean(with_) / mean(without)).toFixed(3)} (rounds: ${with_.map((w, i) => (w / without[i]!).toFixed(3)).join(', ')})`,
  );
}

await countedApp.close();
await plainApp.close();
const { total } = await services.db
  .selectFrom('lander_visits')
  .select((eb) => eb.fn.sum<number>('visits').as('total'))
  .executeTakeFirstOrThrow();
console.log(`visits written: ${Number(total)}, pages answered by the counting app: ${answered}`);
await services.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
