import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../db/database.ts';
import { CLI, freePort, printed, ROOT, stopped } from './cli-process.ts';
import { postMessage, ReconnectingTab } from './reconnecting-tab.ts';
import { messagesSentBy, seedMembersWithSessions } from './seed-members.ts';
import { databaseUrlVia, startTcpProxy } from './tcp-proxy.ts';
import { createMigratedSchema, dropSchema } from './test-database.ts';
const BRAND = 'localhost';
/** What the browser's EventSource waits before reconnecting (the stream's `retry:`). */
const EVENTSOURCE_RETRY_MS = 3_000;

/**
 * A PostgreSQL outage drill: two real `datekit serve` processes reach PostgreSQL through a TCP proxy
 * (a fresh schema of `databaseUrl`, dropped afterwards); senders post messages through instance 1 in
 * a loop; the recipient has a tab on each instance (reconnecting as EventSource does). Once the
 * senders have some answers the proxy is cut (every connection destroyed, new ones refused: what the
 * instances see of a database restart or failover) for `outageMs`, then opened again; the senders go
 * on until enough messages were acknowledged after the return. The shared PostgreSQL server itself is
 * never touched.
 */
export interface OutageDrillOptions {
  databaseUrl: string;
  senders: number;
  /** Acknowledged messages before the cut. */
  beforeCut: number;
  outageMs: number;
  /** Acknowledged messages after the database is back, before the senders stop. */
  afterReturn: number;
  log?: (line: string) => void;
}

export interface OutageDrillResult {
  /** Server processes that exited during the drill. */
  exits: number;
  acknowledged: number;
  /** Acknowledged (201) but not in the database. */
  acknowledgedNotStored: number;
  /** Acknowledged but never received, per tab (instance 1, instance 2). */
  acknowledgedNotDelivered: number[];
  /** Stored (acknowledged or not: a commit whose answer the cut lost) but never received, per tab. */
  storedNotDelivered: number[];
  /** Extra copies received, per tab. */
  duplicates: number[];
  /** Answers by status during the whole drill (0: no answer). */
  statuses: Record<number, number>;
  /** /readyz status of each instance in the middle of the outage. */
  readyDuringOutage: number[];
  /** Seconds from the proxy's reopening to the first message received, per tab. */
  firstDeliverySeconds: (number | null)[];
  /** Seconds from the reopening to the first acknowledged send. */
  firstAcknowledgedSeconds: number | null;
  /** Seconds from the reopening until both instances answer /readyz 200. */
  readySeconds: number | null;
}

/** A `datekit serve` child; `started` resolves once it prints that it serves. */
function startServer(
  port: number,
  env: NodeJS.ProcessEnv,
  onExit: () => void,
): { child: ChildProcess; started: Promise<void> } {
  const child = spawn(process.execPath, [CLI, 'serve'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.once('exit', onExit);
  const started = printed(child, 'datekit serving');
  started.catch(() => undefined);
  return { child, started };
}

async function readyStatus(port: number): Promise<number> {
  const answer = await fetch(`http://127.0.0.1:${port}/readyz`, { headers: { host: BRAND } }).catch(() => null);
  await answer?.body?.cancel();
  return answer?.status ?? 0;
}

export async function runOutageDrill(options: OutageDrillOptions): Promise<OutageDrillResult> {
  const log = options.log ?? (() => undefined);
  const schema = `outage_${randomBytes(5).toString('hex')}`;
  const { db } = createDatabase({ databaseUrl: options.databaseUrl, searchPath: schema });
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-outage-'));
  const target = new URL(options.databaseUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const servers: ChildProcess[] = [];
  const tabs: ReconnectingTab[] = [];
  let exits = 0;
  try {
    await createMigratedSchema(options.databaseUrl, schema, db);
    const { ids, cookies } = await seedMembersWithSessions(db, {
      brand: BRAND,
      count: options.senders + 1,
      emailPrefix: 'outage',
      isSender: (index) => index > 0,
      credits: 1_000_000,
    });
    const [recipient, ...senders] = ids.map((id, index) => ({ id, cookie: cookies[index]! }));
    const env = {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrlVia(options.databaseUrl, proxy.port, schema),
      DATEKIT_VAR_DIR: varDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      // The drill sends far more messages a minute than a member may: it measures delivery, not limits.
      RATE_LIMIT: 'off',
    };
    const ports = [await freePort(), await freePort()];
    const started = ports.map((port) => startServer(port, env, () => (exits += 1)));
    servers.push(...started.map((s) => s.child));
    await Promise.all(started.map((s) => s.started));
    log(`2 instances on ports ${ports.join(', ')} through a proxy on ${proxy.port}, schema ${schema}`);
    tabs.push(
      ...ports.map((port) => new ReconnectingTab(port, BRAND, recipient!.cookie, { retryMs: EVENTSOURCE_RETRY_MS })),
    );
    await Promise.all(tabs.map((tab) => tab.connected));

    const acknowledged: number[] = [];
    const statuses: Record<number, number> = {};
    let phase: 'before' | 'outage' | 'after' = 'before';
    let reopenedAt = 0;
    let firstAcknowledgedAt: number | null = null;
    let acknowledgedAfter = 0;
    let cutDone!: () => void;
    const cutReached = new Promise<void>((resolve) => (cutDone = resolve));
    let stop = false;
    const senderLoops = senders.map(async (sender, index) => {
      for (let n = 0; !stop; n++) {
        const { status, id } = await postMessage(
          ports[0]!,
          BRAND,
          sender.cookie,
          recipient!.id,
          `outage ${index}-${n}`,
        );
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (id !== null) {
          acknowledged.push(id);
          if (phase === 'after') {
            firstAcknowledgedAt ??= Date.now();
            if (++acknowledgedAfter >= options.afterReturn) stop = true;
          }
          if (phase === 'before' && acknowledged.length >= options.beforeCut) cutDone();
        } else {
          // Refused while the database is away: a person would wait a moment before trying again.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    });
    await cutReached;
    phase = 'outage';
    await proxy.cut();
    log(`database cut after ${acknowledged.length} acknowledged messages`);
    await new Promise((resolve) => setTimeout(resolve, options.outageMs / 2));
    const readyDuringOutage = await Promise.all(ports.map(readyStatus));
    await new Promise((resolve) => setTimeout(resolve, options.outageMs / 2));
    await proxy.open();
    reopenedAt = Date.now();
    phase = 'after';
    log(`database back after ${options.outageMs / 1000} s`);
    let readySeconds: number | null = null;
    const readiness = (async () => {
      while (Date.now() - reopenedAt < 60_000) {
        const answers = await Promise.all(ports.map(readyStatus));
        if (answers.every((status) => status === 200)) return (readySeconds = (Date.now() - reopenedAt) / 1000);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return null;
    })();
    // The senders stop once enough were acknowledged after the return, or after a minute without.
    const giveUp = setTimeout(() => (stop = true), 60_000);
    await Promise.all(senderLoops);
    clearTimeout(giveUp);
    await readiness;

    const stored = new Set(
      (
        await messagesSentBy(
          db,
          senders.map((s) => s.id),
        )
      ).map((row) => row.id),
    );
    await Promise.all(tabs.map((tab) => tab.waitFor([...stored], 30_000)));
    const firstDelivery = (tab: ReconnectingTab) => {
      const after = [...tab.firstReceivedAt.values()].filter((at) => at >= reopenedAt);
      return after.length ? (Math.min(...after) - reopenedAt) / 1000 : null;
    };
    return {
      exits,
      acknowledged: acknowledged.length,
      acknowledgedNotStored: acknowledged.filter((id) => !stored.has(id)).length,
      acknowledgedNotDelivered: tabs.map((tab) => tab.tally(acknowledged).missing),
      storedNotDelivered: tabs.map((tab) => tab.tally([...stored]).missing),
      duplicates: tabs.map((tab) => tab.tally([...stored]).duplicates),
      statuses,
      readyDuringOutage,
      firstDeliverySeconds: tabs.map(firstDelivery),
      firstAcknowledgedSeconds: firstAcknowledgedAt === null ? null : (firstAcknowledgedAt - reopenedAt) / 1000,
      readySeconds,
    };
  } finally {
    for (const tab of tabs) tab.close();
    await proxy.open().catch(() => undefined); // the servers' shutdown may want their database
    await Promise.all(servers.map(stopped));
    await proxy.cut();
    await db.destroy();
    await dropSchema(options.databaseUrl, schema);
    fs.rmSync(varDir, { recursive: true, force: true });
  }
}
