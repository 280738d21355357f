/**
 * A load generator of bench/capacity.ts, run by it as a child process (so that its work never shares
 * the server's or the bench's event loop): it plays members browsing the members' area as the
 * multi-page site does, each with its own cookies, settings ETag, conversations and event stream, and
 * reports latencies and errors per window over IPC (protocol.ts). The page mix is in PAGES below and
 * in words at the top of bench/capacity.ts.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { record, type Histogram } from './histogram.ts';
import type { FromGenerator, KindReport, Report, SimulatedMember, ToGenerator } from './protocol.ts';

/** Think time between two page views of a member: uniform in this range, from the end of the last one. */
const THINK_MS = [2_000, 10_000] as const;
/** A request not answered by then counts as an error (`timeout`); the member goes on browsing. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Searches as the search page's filters send them, with a page of results now and then. */
const SEARCHES = ['', 'gender=male', 'country=NL', 'gender=female&min_age=25&max_age=35', 'min_age=40&max_age=99'];

interface Member extends SimulatedMember {
  /** Cookies the server set (the language cookie), sent back as a browser would. */
  jar: Map<string, string>;
  /** settings.php's ETag from the last answer: the next page revalidates with it (304). */
  settingsEtag?: string;
  /** Conversations this member has, with whom. */
  conversations: { id: number; partner: number }[];
  stream?: http.ClientRequest;
  /**
   * Whether this member's browser opens a new event stream on every page. Chromium's (148 and later)
   * keep the one their shared worker holds from page to page (runtime/live/); the others open one
   * per page view, as every browser did before.
   */
  reopens: boolean;
  timer?: NodeJS.Timeout;
  playing: boolean;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** As sent: compressed if the server chose to. */
  body: Buffer;
}

/**
 * A page of the members' area, by its share of page views: for a member, what it shows (its address)
 * and its own API call, made beside settings and user once the HTML is in.
 */
interface Page {
  share: number;
  open: (m: Member) => { path: string; call: () => Promise<unknown> };
}

let baseUrl = new URL('http://127.0.0.1');
let host = '';
let everyone: number[] = [];
let rampMs = 10_000;
let members: Member[] = [];
// Keep-alive connections for pages and API calls, as a proxy's upstream pool holds them; event
// streams get a connection each (a browser's EventSource holds one, and closing it closes that).
const agent = new http.Agent({ keepAlive: true, maxSockets: 1_024 });
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

const kinds = new Map<string, KindReport>();
let views = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

const random = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const someoneElse = (m: Member): number => {
  const id = random(everyone);
  return id === m.id ? someoneElse(m) : id;
};

/**
 * When the step's measured window began (`reset`). A request made before it is not counted, even if
 * it ends inside: the first seconds of a step bring every new member's first page at once (each with
 * a stream to open), and those belong to the ramp, which the settling time is there to leave out.
 */
let windowStart = 0;

function measure(kind: string, ms: number, error?: string): void {
  if (performance.now() - ms < windowStart) return;
  let report = kinds.get(kind);
  if (!report) kinds.set(kind, (report = { latency: {} as Histogram, errors: {} }));
  record(report.latency, ms);
  if (error) report.errors[error] = (report.errors[error] ?? 0) + 1;
}

function cookieHeader(m: Member): string {
  return [m.cookie, ...[...m.jar].map(([name, value]) => `${name}=${value}`)].join('; ');
}

/** What a browser sends with every request of the site: compressed answers are welcome (pages are ~4× smaller). */
function browserHeaders(m: Member): http.OutgoingHttpHeaders {
  return {
    host,
    cookie: cookieHeader(m),
    'accept-encoding': 'gzip, deflate, br, zstd',
    'accept-language': 'en-GB,en;q=0.9',
    'sec-fetch-site': 'same-origin',
  };
}

function keepCookies(m: Member, headers: http.IncomingHttpHeaders): void {
  for (const line of headers['set-cookie'] ?? []) {
    const pair = line.split(';', 1)[0]!;
    const eq = pair.indexOf('=');
    if (eq > 0 && !line.startsWith(m.cookie.split('=', 1)[0]! + '=')) m.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
}

/**
 * One request as the site's page or API client sends it; measured under `kind`. Answers with the
 * response, or null when it failed (counted: its status, `network` or `timeout`).
 */
function send(
  kind: string,
  m: Member,
  path: string,
  options: { method?: string; body?: unknown; headers?: http.OutgoingHttpHeaders; ok?: number[] } = {},
): Promise<Answer | null> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: http.OutgoingHttpHeaders = { ...browserHeaders(m), ...options.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
  }
  const start = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: Answer | null, error?: string) => {
      if (settled) return;
      settled = true;
      measure(kind, performance.now() - start, error);
      resolve(answer);
    };
    const failed = (error: Error) => settle(null, error.message === 'timeout' ? 'timeout' : 'network');
    const req = http.request(
      { host: baseUrl.hostname, port: baseUrl.port, path, method: options.method ?? 'GET', agent, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const status = res.statusCode!;
          keepCookies(m, res.headers);
          if (!(options.ok ?? [200]).includes(status)) return settle(null, String(status));
          settle({ status, headers: res.headers, body: Buffer.concat(chunks) });
        });
        // The connection broke in the middle of the answer.
        res.on('error', failed);
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', failed);
    req.end(body);
  });
}

/** An answer's JSON, decompressed first if the server compressed it (only read where needed: pages never are). */
function json<T>(answer: Answer): T {
  const encoding = answer.headers['content-encoding'];
  const bytes =
    encoding === 'br'
      ? zlib.brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? zlib.gunzipSync(answer.body)
        : encoding === 'deflate'
          ? zlib.inflateSync(answer.body)
          : encoding === 'zstd'
            ? zlib.zstdDecompressSync(answer.body)
            : answer.body;
  return JSON.parse(bytes.toString('utf8')) as T;
}

/** An API call of the site's client (packages/runtime/api/client.ts): JSON, the client header. */
function api(kind: string, m: Member, path: string, options: Parameters<typeof send>[3] = {}) {
  return send(kind, m, path, {
    ...options,
    headers: { accept: 'application/json', 'x-client-request': '1', ...options.headers },
  });
}

/**
 * A send from a conversation, as the client writes it: the client header, the page's own Origin,
 * an Idempotency-Key. Remembers the conversation it went to.
 */
async function sendMessage(m: Member, partner: number): Promise<void> {
  const answer = await api('send', m, '/api/message.php', {
    method: 'POST',
    body: { profile_id: partner, text: `capacity ${m.id} → ${partner}` },
    headers: { origin: `http://${host}`, 'idempotency-key': randomUUID() },
    ok: [201],
  });
  if (!answer) return;
  const id = json<{ message: { conversation_id: number } }>(answer).message.conversation_id;
  if (!m.conversations.some((c) => c.id === id)) m.conversations.push({ id, partner });
}

/** The members' area as browsed, by share of page views. */
const PAGES: Page[] = [
  {
    share: 0.35,
    open: (m) => {
      const filters = random(SEARCHES);
      const page = Math.random() < 0.3 ? `page=${2 + Math.floor(Math.random() * 4)}` : '';
      const query = [filters, page].filter(Boolean).join('&');
      return { path: '/members', call: () => api('search', m, `/api/members.php?${query}`) };
    },
  },
  {
    share: 0.25,
    open: (m) => {
      const id = someoneElse(m);
      return { path: `/members/${id}`, call: () => api('profile', m, `/api/member.php?id=${id}`) };
    },
  },
  { share: 0.15, open: (m) => ({ path: '/chats', call: () => api('chats', m, '/api/chats.php') }) },
  {
    // A conversation; two in five views also send. Without one yet, the member writes to someone
    // from their profile's chat page, which starts one.
    share: 0.25,
    open: (m) => {
      const conversation = m.conversations.length ? random(m.conversations) : undefined;
      if (!conversation) {
        const partner = someoneElse(m);
        return { path: `/members/${partner}/chat`, call: () => sendMessage(m, partner) };
      }
      return {
        path: `/chats/${conversation.id}`,
        call: async () => {
          await api('conversation', m, `/api/chat.php?id=${conversation.id}`);
          if (Math.random() < 0.4) await sendMessage(m, conversation.partner);
        },
      };
    },
  },
];

function pickPage(): Page {
  let at = Math.random();
  for (const page of PAGES) if ((at -= page.share) < 0) return page;
  return PAGES.at(-1)!;
}

/** Closes the member's event stream, if open (the page it belonged to is left). */
function closeStream(m: Member): void {
  m.stream?.destroy();
  m.stream = undefined;
}

/**
 * Opens the member's event stream (EventSource, no Last-Event-ID: a new page starts a new one); its
 * latency is until the answer's headers, which the server sends once the stream is set up.
 */
function openStream(m: Member): Promise<void> {
  const start = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (error?: string) => {
      if (settled) return;
      settled = true;
      measure('stream', performance.now() - start, error);
      resolve();
    };
    const req = http.get(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        path: '/api/events',
        agent: streamAgent,
        headers: { ...browserHeaders(m), accept: 'text/event-stream' },
      },
      (res) => {
        res.resume();
        res.on('error', () => undefined);
        // A stream the server ended (a restart) is opened again by the next page.
        res.on('close', () => {
          if (m.stream === req) m.stream = undefined;
        });
        settle(res.statusCode === 200 ? undefined : String(res.statusCode));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => {
      if (!settled) req.destroy(new Error('timeout'));
    });
    req.on('error', (error) => settle(error.message === 'timeout' ? 'timeout' : 'network'));
    m.stream = req;
  });
}

/**
 * One page view: the HTML, then what its islands ask for at once: settings, user, the page's call, and
 * the event stream if the member's browser opens one per page (or has none open yet).
 */
async function view(m: Member): Promise<void> {
  const page = pickPage().open(m);
  if (m.reopens) closeStream(m);
  await send('html', m, page.path, { headers: { accept: 'text/html' } });
  await Promise.all([
    api('settings', m, `/api/settings.php?host=${encodeURIComponent(host)}`, {
      headers: m.settingsEtag ? { 'if-none-match': m.settingsEtag } : {},
      ok: [200, 304],
    }).then((answer) => {
      const etag = answer?.headers.etag;
      if (etag) m.settingsEtag = etag;
    }),
    api('user', m, '/api/user.php'),
    page.call(),
    m.stream ? undefined : openStream(m),
  ]);
  views++;
}

function schedule(m: Member, delayMs: number): void {
  m.timer = setTimeout(() => {
    if (!m.playing) return;
    view(m)
      // A failure of the bench itself (not of a request, which is counted) is shown, and the member goes on.
      .catch((error: unknown) => console.error('capacity generator:', error))
      .then(() => {
        if (m.playing) schedule(m, THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
      });
  }, delayMs);
}

const tell = (message: FromGenerator) => process.send!(message);

function report(): Report {
  return {
    type: 'report',
    kinds: Object.fromEntries(kinds),
    views,
    active: members.filter((m) => m.playing).length,
    streams: members.filter((m) => m.stream && !m.stream.destroyed).length,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
  };
}

process.on('message', (message: ToGenerator) => {
  switch (message.type) {
    case 'init':
      baseUrl = new URL(message.baseUrl);
      host = message.host;
      everyone = message.everyone;
      rampMs = message.rampMs;
      members = message.members.map((m) => ({
        ...m,
        jar: new Map(),
        conversations: [],
        playing: false,
        reopens: Math.random() < message.reopenShare,
      }));
      tell({ type: 'ready' });
      return;
    case 'active':
      // New members arrive spread over the ramp, not all in the same second.
      for (const m of members.slice(0, message.count).filter((m) => !m.playing)) {
        m.playing = true;
        schedule(m, Math.random() * rampMs);
      }
      return;
    case 'reset':
      windowStart = performance.now();
      kinds.clear();
      views = 0;
      loopDelay.reset();
      return;
    case 'report':
      tell(report());
      return;
    case 'stop':
      for (const m of members) {
        m.playing = false;
        clearTimeout(m.timer);
        closeStream(m);
      }
      agent.destroy();
      process.disconnect();
  }
});
process.on('disconnect', () => process.exit(0));
