/**
 * kill -9 drill (issue 9): 4 concurrent senders post messages through instance 1 of 2 `datekit serve`
 * processes on PostgreSQL (a fresh schema of DATABASE_URL, dropped afterwards); the recipient has one
 * tab on instance 2 (stays up) and one on instance 1 (dies, reconnects with Last-Event-ID). Instance 1
 * is killed with SIGKILL at a random moment, restarted, and the senders carry on. Prints acknowledged
 * messages persisted, messages delivered to each tab and duplicates (goal: all, all, 0).
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/kill-drill.ts [messagesPerSender]
 */
import { runKillDrill } from '../packages/server/test/kill-drill.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('Set DATABASE_URL to a PostgreSQL database, e.g. postgres://postgres@127.0.0.1:5432/test');
  process.exit(2);
}
const SENDERS = 4;
const PER_SENDER = Number(process.argv[2] ?? 100);
// A random moment: after between 10% and 90% of the messages planned before the kill were answered.
const killAfter = Math.max(1, Math.floor(SENDERS * PER_SENDER * (0.1 + 0.8 * Math.random())));

const result = await runKillDrill({
  databaseUrl,
  senders: SENDERS,
  messagesPerSender: PER_SENDER,
  killAfterAcknowledged: killAfter,
  instances: 2,
  tabsOn: [2, 1],
  log: (line) => console.log(line),
});

console.log(
  `senders: ${result.acknowledged} acknowledged, ${result.lost} requests cut off by the kill; database: ${result.persisted} messages stored`,
);
console.log(`acknowledged messages persisted: ${result.acknowledgedPersisted} of ${result.acknowledged}`);
for (const tab of result.tabs) {
  console.log(
    `tab on instance ${tab.instance}: delivered ${tab.delivered} of ${result.persisted} stored, duplicates ${tab.duplicates}, missing ${tab.missing}, reconnect attempts ${tab.reconnects}`,
  );
}
const ok =
  result.acknowledgedPersisted === result.acknowledged &&
  result.tabs.every((t) => t.delivered === result.persisted && t.duplicates === 0);
console.log(ok ? 'OK: all acknowledged persisted, all delivered, 0 duplicates' : 'FAILED');
process.exitCode = ok ? 0 : 1;
