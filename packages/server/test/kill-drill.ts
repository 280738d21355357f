import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createApiClient } from '@datekit/runtime/api/client';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../db/database.ts';
import { EVENT_LOCK_CLASS } from '../realtime/event-store.ts';
import { CLI, freePort, printed, ROOT } from './cli-process.ts';
import { ReconnectingTab } from './reconnecting-tab.ts';
import { messagesSentBy, seedMembersWithSessions } from './seed-members.ts';
import { createMigratedSchema, dropSchema } from './test-database.ts';
const BRAND = 'localhost';

/**
 * A `kill -9` drill on PostgreSQL: real `datekit serve` processes on a fresh schema, senders posting
 * messages as the browser does (the runtime's API client: one Idempotency-Key per message for all its
 * attempts, its retries and delays) through a proxy that prefers instance 1 and passes to the next
 * instance when a connection is refused, the recipient's tabs on the event stream. Instance 1 is
 * killed in the middle of a send's transaction, restarted at once, and the senders carry on. It answers
 * what the database holds, what the senders were told, how long a cut request took to succeed, and
 * what each tab received.
 */
export interface DrillOptions {
  /** postgres://… of a database in which the drill creates (and drops) a schema of its own. */
  databaseUrl: string;
  senders: number;
  /** Messages each sender posts before the kill is possible, and after the restart. */
  messagesPerSender: number;
  /** Instance 1 is killed as soon as a request is sent to it after the senders together have this many answers. */
  killAfterAcknowledged: number;
  /** Two instances (the second never killed), or one. */
  instances: 1 | 2;
  /** Where the recipient's tabs are connected: `1` (killed, reconnects), `2` (stays up). */
  tabsOn: readonly (1 | 2)[];
  /**
   * A tab whose stream broke reconnects only once the senders are done after the restart, so every
   * message since the kill reaches it through the replay after its Last-Event-ID.
   */
  reconnectAfterSending?: boolean;
  /** Called with progress lines. */
  log?: (line: string) => void;
}

export interface TabResult {
  instance: 1 | 2;
  /** Distinct messages received. */
  delivered: number;
  duplicates: number;
  /** Messages stored for the recipient that this tab never received. */
  missing: number;
  reconnects: number;
}

export interface DrillResult {
  /** Messages the senders got a 201 for. */
  acknowledged: number;
  /** Of those, how many the database holds. */
  acknowledgedPersisted: number;
  /** Messages the database holds for the recipient (acknowledged or not: a commit whose answer was lost). */
  persisted: number;
  /** Messages stored more than once (one text twice): a retry that acted again. */
  duplicates: number;
  /** Sends whose request was cut by the kill (the client then retried with the same key). */
  cut: number;
  /** Sends the client gave up on, all retries spent (a member's message that failed). */
  failed: number;
  /** 409 `idempotency_key_in_progress` answers the retries met. */
  inProgressAnswers: number;
  /** Per cut send that then succeeded: seconds from the cut to its 201, slowest first. */
  recoverySeconds: number[];
  tabs: TabResult[];
}

interface Member {
  id: number;
  cookie: string;
}

/** The recipient (first) and the senders, each logged in; the senders with credits for every message. */
async function seed(db: Db, senders: number): Promise<{ recipient: Member; senders: Member[] }> {
  const { ids, cookies } = await seedMembersWithSessions(db, {
    brand: BRAND,
    count: senders + 1,
    emailPrefix: 'drill',
    isSender: (index) => index > 0,
    credits: 1_000_000,
  });
  const members = ids.map((id, index) => ({ id, cookie: cookies[index]! }));
  return { recipient: members[0]!, senders: members.slice(1) };
}

/** A `datekit serve` child process; `ready` resolves once it listens. */
class ServerProcess {
  private child: ChildProcess | undefined;
  readonly port: number;
  private readonly env: NodeJS.ProcessEnv;

  constructor(port: number, env: NodeJS.ProcessEnv) {
    this.port = port;
    this.env = env;
  }

  start(): Promise<void> {
    const child = spawn(process.execPath, [CLI, 'serve'], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    return printed(child, 'datekit serving');
  }

  /** SIGKILL: no shutdown code runs; answers once the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
}

/** What the senders saw, across all their sends. */
interface SendStats {
  cut: number;
  failed: number;
  inProgressAnswers: number;
  recoverySeconds: number[];
}

/**
 * A member's browser behind a proxy: the runtime's API client, whose requests go to the first
 * instance that accepts the connection (as nginx passes on a refused connection), while a request cut
 * after it was sent fails as the proxy's 502 would (the client retries it, same key).
 */
function browser(
  ports: readonly number[],
  cookie: string,
  stats: SendStats,
): (text: string, to: number) => Promise<number | null> {
  let cutAt: number | undefined;
  const attempt = (port: number, init: RequestInit) =>
    new Promise<Response | 'refused'>((resolve, reject) => {
      const body = typeof init.body === 'string' ? init.body : '';
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: init.method,
          path: '/api/message.php',
          headers: {
            ...(init.headers as Record<string, string>),
            host: BRAND,
            cookie,
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            if (res.statusCode === 409 && text.includes('idempotency_key_in_progress')) stats.inProgressAnswers += 1;
            resolve(new Response(text, { status: res.statusCode! }));
          });
          res.on('error', () => reject(new TypeError('fetch failed: answer cut')));
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNREFUSED' ? resolve('refused') : reject(new TypeError(`fetch failed: ${error.code}`)),
      );
      req.end(body);
    });
  const client = createApiClient({
    fetch: async (_url, init = {}) => {
      for (const port of ports) {
        try {
          const answer = await attempt(port, init);
          if (answer !== 'refused') return answer;
        } catch (error) {
          cutAt ??= performance.now();
          throw error;
        }
      }
      throw new TypeError('fetch failed: every instance refused the connection');
    },
  });
  return async (text, to) => {
    cutAt = undefined;
    try {
      const answer = await client.call('POST /api/message.php', { body: { profile_id: to, text } });
      if (cutAt !== undefined) {
        stats.cut += 1;
        stats.recoverySeconds.push((performance.now() - cutAt) / 1000);
      }
      return answer.message.id;
    } catch {
      // All retries spent (network errors, 409s) or refused: the member's message failed.
      if (cutAt !== undefined) stats.cut += 1;
      stats.failed += 1;
      return null;
    }
  };
}

/** Resolves once a transaction waits for the recipient's event lock (a send, between its claim and its commit). */
async function sendWaitingFor(db: Db, recipient: number): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_locks
      where locktype = 'advisory' and not granted and classid = ${EVENT_LOCK_CLASS} and objid = ${recipient}
        and objsubid = 2 and database = (select oid from pg_database where datname = current_database())`.execute(db);
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export async function runKillDrill(options: DrillOptions): Promise<DrillResult> {
  const log = options.log ?? (() => undefined);
  const schema = `drill_${randomBytes(5).toString('hex')}`;
  const { db } = createDatabase({ databaseUrl: options.databaseUrl, searchPath: schema });
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-drill-'));
  const servers: ServerProcess[] = [];
  const tabs: { instance: 1 | 2; tab: ReconnectingTab }[] = [];
  try {
    await createMigratedSchema(options.databaseUrl, schema, db);
    const { recipient, senders } = await seed(db, options.senders);
    const url = new URL(options.databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      DATEKIT_VAR_DIR: varDir,
      NODE_ENV: 'development',
      // The drill sends far more messages a minute than a member may: it measures delivery, not limits.
      RATE_LIMIT: 'off',
    };
    for (let i = 0; i < options.instances; i++) servers.push(new ServerProcess(await freePort(), env));
    await Promise.all(servers.map((s) => s.start()));
    log(`${options.instances} instance(s) on ports ${servers.map((s) => s.port).join(', ')}, schema ${schema}`);
    let sendingDone!: () => void;
    const gate = options.reconnectAfterSending
      ? new Promise<void>((resolve) => (sendingDone = resolve))
      : Promise.resolve();
    for (const instance of options.tabsOn) {
      const tab = new ReconnectingTab(servers[instance - 1]!.port, BRAND, recipient.cookie, { gate });
      tabs.push({ instance, tab });
    }
    await Promise.all(tabs.map(({ tab }) => tab.connected));

    const acknowledged: number[] = [];
    const stats: SendStats = { cut: 0, failed: 0, inProgressAnswers: 0, recoverySeconds: [] };
    const [first] = servers;
    let restarted: Promise<void> | undefined;
    // Once enough messages were acknowledged, instance 1 dies in the middle of a send's transaction:
    // the drill holds the recipient's event lock (which every send to them takes before it commits)
    // until a send waits for it, kills the instance, then lets go. It is started again at once.
    const killMidTransaction = async () => {
      const trx = await db.startTransaction().execute();
      await sql`select pg_advisory_xact_lock(${EVENT_LOCK_CLASS}, ${recipient.id})`.execute(trx);
      await sendWaitingFor(db, recipient.id);
      log(`kill -9 instance 1 after ${acknowledged.length} acknowledged messages, in a send's transaction`);
      await first!.kill();
      await trx.commit().execute();
      await first!.start();
      log('instance 1 restarted');
    };
    const onAcknowledged = () => {
      if (!restarted && acknowledged.length >= options.killAfterAcknowledged) restarted = killMidTransaction();
    };
    const ports = servers.map((s) => s.port);
    const sendAll = (round: string) =>
      Promise.all(
        senders.map(async (sender, index) => {
          const send = browser(ports, sender.cookie, stats);
          for (let n = 0; n < options.messagesPerSender; n++) {
            const id = await send(`${round} ${index}-${n}`, recipient.id);
            if (id === null) continue;
            acknowledged.push(id);
            onAcknowledged();
          }
        }),
      );
    await sendAll('before');
    if (!restarted) throw new Error('the senders finished before the kill: raise messagesPerSender');
    await restarted;
    await sendAll('after');
    sendingDone?.();

    const stored = await messagesSentBy(
      db,
      senders.map((s) => s.id),
    );
    const storedIds = stored.map((r) => r.id);
    const storedSet = new Set(storedIds);
    await Promise.all(tabs.map(({ tab }) => tab.waitFor(storedIds, 30_000)));
    return {
      acknowledged: acknowledged.length,
      acknowledgedPersisted: acknowledged.filter((id) => storedSet.has(id)).length,
      persisted: storedIds.length,
      // Each text is sent once (one key for all its attempts): a second row of a text is a retry that acted again.
      duplicates: stored.length - new Set(stored.map((r) => r.body)).size,
      ...stats,
      recoverySeconds: stats.recoverySeconds.sort((a, b) => b - a),
      tabs: tabs.map(({ instance, tab }) => ({
        instance,
        delivered: [...tab.counts.keys()].filter((id) => storedSet.has(id)).length,
        duplicates: [...tab.counts.values()].reduce((sum, n) => sum + n - 1, 0),
        missing: storedIds.filter((id) => !tab.counts.has(id)).length,
        reconnects: tab.reconnects,
      })),
    };
  } finally {
    for (const { tab } of tabs) tab.close();
    await Promise.all(servers.map((s) => s.kill()));
    await db.destroy();
    await dropSchema(options.databaseUrl, schema);
    fs.rmSync(varDir, { recursive: true, force: true });
  }
}
