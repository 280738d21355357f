/**
 * kill -9 drill (issues 9 and 23): 4 senders post messages as the browser does (the runtime's API
 * client: one Idempotency-Key per message for all its attempts, its retry delays) through a proxy
 * that prefers instance 1 of 2 `datekit serve` processes on PostgreSQL (a fresh schema of
 * DATABASE_URL, dropped afterwards) and passes refused connections to instance 2. The recipient has
 * one tab on instance 2 (stays up) and one on instance 1 (dies, reconnects with Last-Event-ID).
 * Instance 1 is killed with SIGKILL in the middle of a send's transaction, after a random number of
 * acknowledged messages, and restarted at once. Prints acknowledged messages lost (goal 0), messages
 * stored twice (goal 0), sends that failed (goal 0), seconds from a cut to the retry's success (goal
 * < 9, the browser's retry window), and what each tab received (goal: all, 0 duplicates).
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
/** The browser's retries (5, from 300 ms doubling, jittered) span at most about 9 s. */
const RETRY_WINDOW_S = 9;
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

const lost = result.acknowledged - result.acknowledgedPersisted;
const slowest = result.recoverySeconds[0];
console.log(
  `senders: ${result.acknowledged} acknowledged, ${result.failed} failed after all retries; database: ${result.persisted} messages stored`,
);
console.log(`acknowledged messages lost: ${lost} (goal 0)`);
console.log(`messages stored twice: ${result.duplicates} (goal 0)`);
console.log(
  `requests cut by the kill: ${result.cut}; seconds until their retry succeeded: ` +
    `${result.recoverySeconds.map((s) => s.toFixed(2)).join(', ') || 'none'} (goal < ${RETRY_WINDOW_S}); ` +
    `409 in progress answers met: ${result.inProgressAnswers}`,
);
for (const tab of result.tabs) {
  console.log(
    `tab on instance ${tab.instance}: delivered ${tab.delivered} of ${result.persisted} stored, duplicates ${tab.duplicates}, missing ${tab.missing}, reconnect attempts ${tab.reconnects}`,
  );
}
const ok =
  lost === 0 &&
  result.duplicates === 0 &&
  result.failed === 0 &&
  result.cut > 0 &&
  result.recoverySeconds.length === result.cut &&
  (slowest ?? 0) < RETRY_WINDOW_S &&
  result.tabs.every((t) => t.delivered === result.persisted && t.duplicates === 0);
console.log(
  ok
    ? 'OK: no acknowledged message lost, none stored twice, every cut send succeeded on retry, all delivered'
    : 'FAILED',
);
process.exitCode = ok ? 0 : 1;
