import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Db } from '../db/database.ts';
import { seedMembersWithSessions } from './seed-members.ts';
import { createMigratedSchema, dropSchema } from './test-database.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(ROOT, 'packages/cli/bin/datekit.mjs');
const BRAND = 'localhost';

/**
 * A `kill -9` drill on PostgreSQL: real `datekit serve` processes on a fresh schema, senders posting
 * messages through instance 1, the recipient's tabs on the event stream, instance 1 killed once the
 * senders have a given number of answers, restarted, the senders carry on. It answers what the
 * database holds, what the senders were told, and what each tab received.
 */
export interface DrillOptions {
  /** postgres://… of a database in which the drill creates (and drops) a schema of its own. */
  databaseUrl: string;
  senders: number;
  /** Messages each sender posts before the kill is possible, and after the restart. */
  messagesPerSender: number;
  /** Instance 1 is killed when the senders together have this many answers. */
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
  /** Requests that got no answer because instance 1 died. */
  lost: number;
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
  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  start(): Promise<void> {
    const child = spawn(process.execPath, [CLI, 'serve'], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let output = '';
    return new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('datekit serving')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`server on ${this.port} exited (${code}):\n${output}`)));
    });
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

/** A browser tab's EventSource: reconnects with Last-Event-ID whenever the stream ends, until closed. */
class Tab {
  readonly counts = new Map<number, number>();
  reconnects = 0;
  private lastEventId: string | undefined;
  private request: http.ClientRequest | undefined;
  private closed = false;
  private waiters: (() => void)[] = [];
  private connectedOnce!: () => void;
  readonly connected = new Promise<void>((resolve) => (this.connectedOnce = resolve));

  constructor(
    readonly instance: 1 | 2,
    private readonly port: number,
    private readonly cookie: string,
    /** Reconnections wait for this. */
    private readonly gate: Promise<void>,
  ) {
    this.connect();
  }

  private connect(): void {
    if (this.closed) return;
    const retry = () => {
      if (this.closed) return;
      this.reconnects += 1;
      // The server is down: try again shortly (EventSource waits `retry` ms the same way).
      void this.gate.then(() => setTimeout(() => this.connect(), 100));
    };
    let answered = false;
    const req = http.get(
      {
        host: '127.0.0.1',
        port: this.port,
        path: '/api/events',
        headers: {
          host: BRAND,
          cookie: this.cookie,
          ...(this.lastEventId !== undefined ? { 'last-event-id': this.lastEventId } : {}),
        },
      },
      (res) => {
        answered = true;
        if (res.statusCode !== 200) {
          res.resume();
          return retry();
        }
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: ?(.*)$/m.exec(block)?.[1];
            if (id !== undefined) this.lastEventId = id;
            const type = /^event: (.+)$/m.exec(block)?.[1];
            if (type === 'ready') this.connectedOnce();
            if (type !== 'message') continue;
            const data = JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as { message: { id: number } };
            this.counts.set(data.message.id, (this.counts.get(data.message.id) ?? 0) + 1);
            this.notify();
          }
        });
        res.on('close', retry);
      },
    );
    req.on('error', () => undefined); // 'close' follows
    req.on('close', () => {
      if (!answered) retry(); // refused: the server is not (yet) listening
    });
    this.request = req;
  }

  private notify(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves once every id was received, or after `timeoutMs` (the caller then reports what is missing). */
  async waitFor(ids: readonly number[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (ids.some((id) => !this.counts.has(id)) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - Date.now());
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  close(): void {
    this.closed = true;
    this.request?.destroy();
  }
}

function post(port: number, cookie: string, text: string, to: number): Promise<number | null> {
  const body = JSON.stringify({ profile_id: to, text });
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/message.php',
        headers: {
          host: BRAND,
          cookie,
          'x-client-request': '1',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer += chunk));
        res.on('end', () => {
          if (res.statusCode !== 201) return resolve(null);
          resolve((JSON.parse(answer) as { message: { id: number } }).message.id);
        });
        res.on('error', () => resolve(null));
      },
    );
    req.on('error', () => resolve(null));
    req.end(body);
  });
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function runKillDrill(options: DrillOptions): Promise<DrillResult> {
  const log = options.log ?? (() => undefined);
  const schema = `drill_${randomBytes(5).toString('hex')}`;
  const { db } = createDatabase({ databaseUrl: options.databaseUrl, searchPath: schema });
  const varDir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-drill-'));
  const servers: ServerProcess[] = [];
  const tabs: Tab[] = [];
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
      tabs.push(new Tab(instance, servers[instance - 1]!.port, recipient.cookie, gate));
    }
    await Promise.all(tabs.map((t) => t.connected));

    const acknowledged: number[] = [];
    let lost = 0;
    let killed: Promise<void> | undefined;
    const [first] = servers;
    const sendAll = (round: string) =>
      Promise.all(
        senders.map(async (sender, index) => {
          for (let n = 0; n < options.messagesPerSender; n++) {
            const id = await post(first!.port, sender.cookie, `${round} ${index}-${n}`, recipient.id);
            if (id === null) {
              lost += 1;
              return; // this sender's connection died with the instance
            }
            acknowledged.push(id);
            if (!killed && acknowledged.length >= options.killAfterAcknowledged) {
              log(`kill -9 instance 1 after ${acknowledged.length} acknowledged messages`);
              killed = first!.kill();
            }
          }
        }),
      );
    await sendAll('before');
    await killed;
    if (!killed) throw new Error('the senders finished before the kill: raise messagesPerSender');
    await first!.start();
    log('instance 1 restarted');
    await sendAll('after');
    sendingDone?.();

    const stored = await db
      .selectFrom('messages')
      .select('id')
      .where(
        'sender_id',
        'in',
        senders.map((s) => s.id),
      )
      .orderBy('id')
      .execute();
    const storedIds = stored.map((r) => r.id);
    const storedSet = new Set(storedIds);
    await Promise.all(tabs.map((tab) => tab.waitFor(storedIds, 30_000)));
    return {
      acknowledged: acknowledged.length,
      acknowledgedPersisted: acknowledged.filter((id) => storedSet.has(id)).length,
      persisted: storedIds.length,
      lost,
      tabs: tabs.map((tab) => ({
        instance: tab.instance,
        delivered: [...tab.counts.keys()].filter((id) => storedSet.has(id)).length,
        duplicates: [...tab.counts.values()].reduce((sum, n) => sum + n - 1, 0),
        missing: storedIds.filter((id) => !tab.counts.has(id)).length,
        reconnects: tab.reconnects,
      })),
    };
  } finally {
    for (const tab of tabs) tab.close();
    await Promise.all(servers.map((s) => s.kill()));
    await db.destroy();
    await dropSchema(options.databaseUrl, schema);
    fs.rmSync(varDir, { recursive: true, force: true });
  }
}
