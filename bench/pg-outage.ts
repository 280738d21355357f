/**
 * PostgreSQL outage drill (issue 23): two `datekit serve` processes reach PostgreSQL through a TCP
 * proxy (a fresh schema of DATABASE_URL, dropped afterwards); 4 senders post messages through
 * instance 1 in a loop, the recipient has a tab on each instance. The proxy is cut (every connection
 * destroyed, new ones refused: a restart or failover as the instances see it) for OUTAGE_S seconds,
 * then opened again; the PostgreSQL server itself is never stopped. Prints server processes that
 * exited (goal 0), acknowledged messages lost (goal 0), answers other than 201/503 (goal 0), and
 * seconds from the database's return to the first message delivered to each tab.
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/pg-outage.ts [outageSeconds]
 */
import { runOutageDrill } from '../packages/server/test/outage-drill.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database, e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(2);
}
const OUTAGE_S = Number(process.argv[2] ?? 10);

const result = await runOutageDrill({
  databaseUrl,
  senders: 4,
  beforeCut: 40,
  outageMs: OUTAGE_S * 1000,
  afterReturn: 40,
  log: (line) => console.log(line),
});

const lost = result.acknowledgedNotStored + Math.max(...result.acknowledgedNotDelivered);
const unexpected = Object.entries(result.statuses)
  .filter(([status]) => status !== '201' && status !== '503')
  .reduce((sum, [, n]) => sum + n, 0);
const seconds = (s: number | null) => (s === null ? 'never' : `${s.toFixed(2)} s`);
console.log(`answers by status: ${JSON.stringify(result.statuses)} (503: refused while the database was away)`);
console.log(`/readyz during the outage: ${result.readyDuringOutage.join(', ')} (goal 503)`);
console.log(`server processes exited: ${result.exits} (goal 0)`);
console.log(
  `acknowledged messages lost: ${lost} of ${result.acknowledged} (not stored ${result.acknowledgedNotStored}; ` +
    `not delivered per tab ${result.acknowledgedNotDelivered.join(', ')}) (goal 0)`,
);
console.log(
  `stored but not delivered per tab: ${result.storedNotDelivered.join(', ')}; duplicates per tab: ${result.duplicates.join(', ')} (goal 0)`,
);
console.log(`answers other than 201 and 503: ${unexpected} (goal 0)`);
console.log(
  `after the database's return: first acknowledged send ${seconds(result.firstAcknowledgedSeconds)}, ` +
    `first delivered message on the tab on instance 1 ${seconds(result.firstDeliverySeconds[0] ?? null)}, ` +
    `on instance 2 (across instances) ${seconds(result.firstDeliverySeconds[1] ?? null)}, ` +
    `both instances ready ${seconds(result.readySeconds)}`,
);
const ok =
  result.exits === 0 &&
  lost === 0 &&
  unexpected === 0 &&
  result.storedNotDelivered.every((n) => n === 0) &&
  result.duplicates.every((n) => n === 0);
process.exit(ok ? 0 : 1);
