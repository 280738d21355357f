/**
 * What counting a lander visit (issue 27) adds to serving the page: the demo brand's built
 * `/landers/gallery/milf` (run `datekit build --brand localhost` first) served by the datekit app with
 * counting (in memory, one upsert a second; the dk_lander cookie) and by the same app whose counter
 * records nothing, same run, alternating rounds, autocannon on 127.0.0.1 with and without brotli. Prints
 * the ratio; then what record() itself costs against the time a page takes, and the visits written
 * beside the pages answered.
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
// Pages the counting app answered (autocannon leaves out the answers still in flight when it stops).
let answered = 0;
countedApp.addHook('onResponse', (request, reply, done) => {
  if (reply.statusCode === 200 && request.url.startsWith('/landers/')) answered++;
  done();
});
const counted = await listen(countedApp);
const plain = await listen(plainApp);

const probe = await fetch(counted, { headers: { host: 'localhost' } });
if (probe.status !== 200 || !(await probe.text()).includes('gallery'))
  throw new Error(`${PAGE} answered ${probe.status}: build the demo brand first (datekit build --brand localhost)`);

async function run(url: string, encoding: string): Promise<number> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { host: 'localhost', 'accept-encoding': encoding },
  });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx + result.errors} requests failed`);
  return result.requests.average;
}

console.log(
  `autocannon, ${connections} connections, ${rounds} rounds of ${seconds} s per setting, Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}, SQLite`,
);
for (const encoding of ['br', 'identity']) {
  await run(plain, encoding); // warm-up: the compressed page cache, JIT
  await run(counted, encoding);
  const with_: number[] = [];
  const without: number[] = [];
  for (let round = 0; round < rounds; round++) {
    without.push(await run(plain, encoding));
    with_.push(await run(counted, encoding));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  console.log(
    `${encoding.padEnd(8)} without counting ${mean(without).toFixed(0).padStart(6)} req/s   with counting ${mean(with_).toFixed(0).padStart(6)} req/s   ratio ${(mean(with_) / mean(without)).toFixed(3)} (rounds: ${with_.map((w, i) => (w / without[i]!).toFixed(3)).join(', ')})`,
  );
}

// The counter's own cost, without the noise of a loaded machine: record() in a loop, against the mean
// time a page takes to serve.
const counter = services.landers.visits;
const key = {
  brand: 'localhost',
  variant: 'gallery',
  niche: 'milf',
  experiment_id: 0,
  arm: '',
  network: 'bench',
  sub1: 's1',
};
const calls = 1_000_000;
const started = process.hrtime.bigint();
for (let i = 0; i < calls; i++) counter.record(key);
const nsPerVisit = Number(process.hrtime.bigint() - started) / calls;
const page = await autocannon({ url: counted, connections: 1, duration: seconds, headers: { host: 'localhost' } });
console.log(
  `record() ${nsPerVisit.toFixed(0)} ns a visit; one page (brotli, 1 connection) ${page.latency.mean.toFixed(2)} ms: counting is ${((nsPerVisit / 1e6 / page.latency.mean) * 100).toFixed(4)} % of it`,
);
answered += calls;

await countedApp.close();
await plainApp.close();
const { total } = await services.db
  .selectFrom('lander_visits')
  .select((eb) => eb.fn.sum<number>('visits').as('total'))
  .executeTakeFirstOrThrow();
// A visit is counted as its page is sent: requests cut when autocannon stops count, unanswered.
console.log(
  `visits written: ${Number(total)}; pages answered by the counting app plus record() calls: ${answered} (the difference: requests cut when a round stopped)`,
);
await services.db.destroy();
fs.rmSync(dir, { recursive: true, force: true });
