import dns from 'node:dns';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJobRunner } from '../../jobs/handlers.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { TestClient } from '../../test/http-client.ts';
import { startPostbackListener, type PostbackListener } from '../../test/postback-listener.ts';
import { pathOf, startTestServer, type TestServer, validSignup } from '../../test/test-server.ts';
import type { ApiError } from '../../errors/api-error.ts';
import { addPostbackConfig, removePostbackConfig } from './postback-configs.ts';
import { refundPayment } from '../payments/refund-payment.ts';
import { decideHeldPostback } from './held-postbacks.ts';
import { blockSource, unblockSource } from './traffic-blocks.ts';
import { signedInOperator } from '../operator/test-operators.ts';

let server: TestServer;
let runner: JobRunner;
let listener: PostbackListener;
// Long enough for a loaded CI machine to answer a local request; the hanging listener waits it out once.
const TIMEOUT_MS = 2_000;
beforeAll(async () => {
  listener = await startPostbackListener();
  server = await startTestServer({
    env: { POSTBACK_ENDPOINT_ALLOWLIST: listener.origin, POSTBACK_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
  runner = createJobRunner(server.services);
});
afterAll(async () => {
  await listener.close();
  await server.close();
});
beforeEach(() => {
  listener.received.length = 0;
  listener.answers.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const TEMPLATE =
  '/pb?e={event}&n={network}&r={ref}&s1={sub1}&s2={sub2}&s3={sub3}&a={amount}&c={currency}&o={order_id}&cid={conversion_id}';

let networks = 0;
/** A config of its own per test: a network name no other test's members carry. */
async function network(events = ['soi', 'doi', 'sale'], hold = true) {
  const name = `net${++networks}`;
  const config = await addPostbackConfig(server.services, {
    brand: 'alpha.test',
    network: name,
    events,
    url: `${listener.origin}${TEMPLATE}`,
    hold,
  });
  return { name, config };
}

const OPERATOR = { id: null, email: 'owner@ops.test' };
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let counter = 0;
/** A signup as a person's browser sends it; `as` changes what the traffic-quality score sees. */
async function signUp(
  tracking: Record<string, string>,
  as: { email?: string; userAgent?: string; formMs?: number; ip?: string } = {},
) {
  const browser = server.client();
  const email = as.email ?? `pb-${++counter}@example.com`;
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email, name: `Postback${++counter}`, tracking, form_ms: as.formMs ?? 45_000 }),
    { headers: { 'user-agent': as.userAgent ?? FIREFOX } },
  );
  expect(res.status, res.text).toBe(201);
  return { id: res.body.user.profile.id, email, browser };
}

async function activate(browser: TestClient) {
  await browser.get(pathOf(server.latestActivationLink()));
}

async function buy(browser: TestClient) {
  const res = await browser.post<{ payment: { id: number; payment_id: string; amount_cents: number } }>(
    '/api/payment.php',
    { bundle_id: 'starter', method: 'creditcard' },
  );
  expect(res.status, res.text).toBe(201);
  const { payment } = res.body;
  const paid = await browser.request('POST', '/api/sandbox-checkout.php', {
    raw: new URLSearchParams({ id: payment.payment_id, outcome: 'paid' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    noClientHeader: true,
  });
  expect(paid.status).toBe(303);
  return payment;
}

function deliveries(userId: number) {
  return server.services.db
    .selectFrom('postback_deliveries')
    .select(['id', 'event', 'status', 'conversion_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

function attempts(deliveryId: number) {
  return server.services.db
    .selectFrom('postback_attempts')
    .select(['status_code', 'error'])
    .where('delivery_id', '=', deliveryId)
    .orderBy('id')
    .execute();
}

/** DNS as the server sees it from now on (a name not listed does not resolve). */
function resolving(names: Record<string, string[]>) {
  vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
    const addresses = names[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as never);
}

describe('conversion postbacks', () => {
  it('posts back one soi, one doi and one sale with the stored values, URL-encoded, after each commit', async () => {
    const { name } = await network();
    const { id, email, browser } = await signUp({ network: name, ref: 'r 1', sub1: 'pub&1', sub2: 'x/y' });
    await runner.runDue();
    await activate(browser);
    await runner.runDue();
    const payment = await buy(browser);
    // The webhook and return visits come again; a second activation click too.
    await server.client().request('POST', '/api/payment-webhook.php', {
      raw: `id=${encodeURIComponent(payment.payment_id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      noClientHeader: true,
    });
    await activate(browser);
    await runner.runDue();
    await runner.runDue();

    expect(listener.received.map((r) => r.query.e)).toEqual(['soi', 'doi', 'sale']);
    const [soi, doi, sale] = listener.received.map((r) => r.query);
    expect(soi).toMatchObject({ n: name, r: 'r 1', s1: 'pub&1', s2: 'x/y', s3: '', a: '', c: '', o: '' });
    expect(doi).toMatchObject({ n: name, s1: 'pub&1', a: '' });
    expect(sale).toMatchObject({
      n: name,
      s1: 'pub&1',
      a: (payment.amount_cents / 100).toFixed(2),
      c: 'EUR',
      o: String(payment.id),
    });
    // An opaque id per member and event: nothing the network could trace back to the member.
    const ids = [soi!.cid!, doi!.cid!, sale!.cid!];
    expect(new Set(ids).size).toBe(3);
    for (const cid of ids) {
      expect(cid).toMatch(/^[\w-]{16}$/);
      expect(cid).not.toBe(String(id));
      expect(cid).not.toContain(email.split('@')[0]);
    }
    expect((await deliveries(id)).map((d) => d.conversion_id)).toEqual(ids);
    expect((await deliveries(id)).map((d) => [d.event, d.status])).toEqual([
      ['soi', 'sent'],
      ['doi', 'sent'],
      ['sale', 'sent'],
    ]);
  });

  it('a refund posts back one reversal with the amount refunded', async () => {
    const { name } = await network(['sale', 'reversal']);
    const { browser } = await signUp({ network: name, sub1: 'rev' });
    await activate(browser);
    const payment = await buy(browser);
    const refund = await refundPayment(server.services, payment.id);
    await runner.runDue();
    expect(listener.received.map((r) => r.query.e).sort()).toEqual(['reversal', 'sale']);
    const reversal = listener.received.find((r) => r.query.e === 'reversal')!.query;
    expect(reversal).toMatchObject({ o: String(payment.id), a: (refund.refundedCents / 100).toFixed(2), c: 'EUR' });
  });

  it('sends only the events a config asks for, only for its network, and nothing once removed', async () => {
    const { name } = await network(['doi']);
    const other = await signUp({ network: `${name}x` });
    await activate(other.browser);
    const member = await signUp({ network: name });
    await runner.runDue();
    expect(listener.received).toEqual([]);
    await activate(member.browser);
    await runner.runDue();
    expect(listener.received.map((r) => r.query.e)).toEqual(['doi']);

    const removed = await network(['soi']);
    await removePostbackConfig(server.services.db, removed.config.id, server.services.now());
    await signUp({ network: removed.name });
    await runner.runDue();
    expect(listener.received).toHaveLength(1);
  });

  it('a listener failing once: the retry after the backoff succeeds, and both attempts are recorded', async () => {
    const { name } = await network(['soi']);
    listener.answers.push(503);
    const { id } = await signUp({ network: name });
    await runner.runDue();
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: 'queued' });
    expect(await attempts(delivery!.id)).toEqual([{ status_code: 503, error: 'HTTP 503' }]);
    // Not before the backoff.
    await runner.runDue();
    expect(listener.received).toHaveLength(1);
    server.advance(60_000);
    await runner.runDue();
    expect(listener.received.map((r) => r.answered)).toEqual([503, 200]);
    expect((await deliveries(id))[0]).toMatchObject({ status: 'sent' });
    expect(await attempts(delivery!.id)).toEqual([
      { status_code: 503, error: 'HTTP 503' },
      { status_code: 200, error: null },
    ]);
    server.advance(3_600_000);
    await runner.runDue();
    expect(listener.received).toHaveLength(2);
  });

  it('an endpoint that does not answer in time is an attempt that failed, retried later', async () => {
    const { name } = await network(['soi']);
    listener.answers.push('hang');
    const { id } = await signUp({ network: name });
    await runner.runDue();
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: 'queued' });
    expect(await attempts(delivery!.id)).toEqual([{ status_code: null, error: `no answer within ${TIMEOUT_MS} ms` }]);
    server.advance(60_000);
    await runner.runDue();
    expect((await deliveries(id))[0]).toMatchObject({ status: 'sent' });
  });

  it('refuses templates that are not public https addresses or use unknown placeholders', async () => {
    const add = (url: string) =>
      addPostbackConfig(server.services, { brand: 'alpha.test', network: 'bad', events: ['soi'], url, hold: true });
    const code = async (url: string) => ((await add(url).catch((e: unknown) => e)) as ApiError).code;
    resolving({ 'intranet.example.com': ['10.1.2.3'], 'net.example.com': ['93.184.216.34'] });
    expect(await code('http://net.example.com/pb?e={event}')).toBe('postback_url_invalid');
    expect(await code('https://user:pw@net.example.com/pb')).toBe('postback_url_invalid');
    expect(await code('https://{sub1}.example.com/pb')).toBe('postback_url_invalid');
    expect(await code('https://net.example.com/pb?id={member_id}')).toBe('postback_placeholder_unknown');
    expect(await code('https://intranet.example.com/pb')).toBe('postback_host_not_public');
    expect(await code('https://127.0.0.1/pb')).toBe('postback_host_not_public');
    expect(await code('https://nowhere.example.com/pb')).toBe('postback_host_not_public');
    // The listener's origin is allowlisted exactly; another port on the same address is not.
    expect(await code(`${listener.origin.replace(/\d+$/, '1')}/pb`)).toBe('postback_url_invalid');
    const events = await addPostbackConfig(server.services, {
      brand: 'alpha.test',
      network: 'bad',
      events: ['soi', 'signup'],
      url: 'https://net.example.com/',
      hold: true,
    }).catch((e: unknown) => e);
    expect((events as ApiError).code).toBe('postback_events_invalid');
    const translated = server.services.translate('de', 'errors:postback_placeholder_unknown', { placeholder: '{x}' });
    expect(translated).toContain('Unbekannter Platzhalter {x}');
    expect(await add('https://net.example.com/pb?e={event}&c={conversion_id}')).toMatchObject({ events: ['soi'] });
  });

  it('refuses at send time a host that now resolves to a private address, without a request', async () => {
    resolving({ 'net.example.com': ['93.184.216.34'] });
    const config = await addPostbackConfig(server.services, {
      brand: 'alpha.test',
      network: 'rebound',
      events: ['soi'],
      url: 'https://net.example.com/pb?c={conversion_id}',
      hold: true,
    });
    vi.restoreAllMocks();
    resolving({ 'net.example.com': ['192.168.1.20'] });
    const { id } = await signUp({ network: 'rebound' });
    await runner.runDue();
    const [delivery] = await deliveries(id);
    expect(delivery).toMatchObject({ status: 'refused' });
    expect((await attempts(delivery!.id))[0]!.error).toMatch(
      /refused: net\.example\.com resolves to 192\.168\.1\.20 \(private\)/,
    );
    server.advance(3_600_000);
    await runner.runDue();
    expect(await attempts(delivery!.id)).toHaveLength(1);
    await removePostbackConfig(server.services.db, config.id, server.services.now());
  });
});

function quality(userId: number) {
  return server.services.db
    .selectFrom('signup_quality')
    .select(['score', 'reasons', 'flagged', 'blocked'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('traffic quality', () => {
  it("holds a flagged signup's SOI until an operator releases it; its DOI is sent meanwhile", async () => {
    const { name } = await network(['soi', 'doi']);
    const { id, browser } = await signUp({ network: name, sub1: 'p7' }, { email: `junk${++counter}@mailinator.com` });
    expect(await quality(id)).toEqual({ score: 50, reasons: 'disposable_email', flagged: 1, blocked: 0 });
    await runner.runDue();
    expect(listener.received).toEqual([]);
    const [soi] = await deliveries(id);
    expect(soi).toMatchObject({ event: 'soi', status: 'held' });
    await activate(browser);
    await runner.runDue();
    expect(listener.received.map((r) => r.query.e)).toEqual(['doi']);

    await decideHeldPostback(server.services.db, soi!.id, 'release', OPERATOR, server.services.now());
    await runner.runDue();
    expect(listener.received.map((r) => r.query.e)).toEqual(['doi', 'soi']);
    expect(listener.received[1]!.query).toMatchObject({ n: name, s1: 'p7' });
    expect((await deliveries(id))[0]).toMatchObject({ status: 'sent' });
    const again = await decideHeldPostback(
      server.services.db,
      soi!.id,
      'reject',
      OPERATOR,
      server.services.now(),
    ).catch((e: unknown) => e);
    expect((again as ApiError).code).toBe('postback_not_held');
  });

  it('a rejected SOI is never sent; a config with the hold off sends flagged signups at once', async () => {
    const held = await network(['soi']);
    const open = await network(['soi'], false);
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
    const a = await signUp({ network: held.name }, { userAgent: headless, formMs: 900 });
    expect(await quality(a.id)).toMatchObject({ score: 90, reasons: 'automated_browser,too_fast', flagged: 1 });
    const b = await signUp({ network: open.name }, { userAgent: headless });
    await runner.runDue();
    expect(listener.received.map((r) => r.query.n)).toEqual([open.name]);
    const [soi] = await deliveries(a.id);
    await decideHeldPostback(server.services.db, soi!.id, 'reject', OPERATOR, server.services.now());
    server.advance(86_400_000);
    await runner.runDue();
    expect(listener.received).toHaveLength(1);
    expect((await deliveries(a.id))[0]).toMatchObject({ status: 'rejected' });
    expect((await deliveries(b.id))[0]).toMatchObject({ status: 'sent' });
  });

  it('counts many signups from one network block in a short time', async () => {
    const burst = await network(['soi']);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await signUp({ network: burst.name }, { formMs: 2_000 })).id);
    const scores = await Promise.all(ids.map(quality));
    // All come from 127.0.0.1 here, as from earlier tests: from the fourth within ten minutes on, the block counts.
    expect(scores.at(-1)).toMatchObject({ reasons: 'address_burst,too_fast', score: 80, flagged: 1 });
    await runner.runDue();
    expect((await deliveries(ids.at(-1)!)).map((d) => d.status)).toEqual(['held']);
  });

  it('a blocked source (a network, or one sub1 of it) is never posted back, and a signup after the unblock is', async () => {
    const { name } = await network(['soi', 'doi']);
    const block = await blockSource(server.services, { brand: 'alpha.test', network: name, sub1: 'bad' });
    const blocked = await signUp({ network: name, sub1: 'bad' });
    const fine = await signUp({ network: name, sub1: 'good' });
    expect(await quality(blocked.id)).toMatchObject({ blocked: 1, reasons: expect.stringContaining('blocked_source') });
    await activate(fine.browser);
    await runner.runDue();
    // The runner sends several at once: in any order.
    expect(listener.received.map((r) => [r.query.e, r.query.s1]).sort()).toEqual([
      ['doi', 'good'],
      ['soi', 'good'],
    ]);
    expect((await deliveries(blocked.id)).map((d) => d.status)).toEqual(['blocked']);
    await unblockSource(server.services.db, block.id, server.services.now());
    await signUp({ network: name, sub1: 'bad' });
    await runner.runDue();
    expect(listener.received.map((r) => r.query.s1)).toEqual(['good', 'good', 'bad']);
  });
});

describe('the console', () => {
  it('an owner adds a config, sees the held SOI with its score, releases it, and every step is audited', async () => {
    const { browser: console_ } = await signedInOperator(server, 'owner', `pb-owner-${++counter}@ops.test`);
    const name = `console${++counter}`;
    const bad = await console_.post('/api/operator/postbacks', {
      brand: 'alpha.test',
      network: name,
      events: ['soi'],
      url: 'https://127.0.0.1/pb',
      hold: true,
    });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ error: 'postback_host_not_public' });
    expect(String(bad.body.message)).toContain('127.0.0.1 is not a public internet address');
    const added = await console_.post('/api/operator/postbacks', {
      brand: 'alpha.test',
      network: name,
      events: ['soi', 'doi'],
      url: `${listener.origin}${TEMPLATE}`,
      hold: true,
    });
    expect(added.status, added.text).toBe(200);

    const { id } = await signUp({ network: name }, { email: `console${counter}@mailinator.com` });
    await runner.runDue();
    type Overview = {
      configs: { id: number; network: string }[];
      held: { id: number; member_id: number; score: number; reasons: string[] }[];
      deliveries: { id: number; status: string; attempts: { status_code: number | null }[] }[];
    };
    const overview = await console_.get<Overview>('/api/operator/postbacks?brand=alpha.test');
    expect(overview.status, overview.text).toBe(200);
    const config = overview.body.configs.find((c) => c.network === name)!;
    const held = overview.body.held.find((h) => h.member_id === id)!;
    // Also address_burst: every test signup comes from 127.0.0.1.
    expect(held.score).toBeGreaterThanOrEqual(50);
    expect(held.reasons).toContain('disposable_email');

    expect((await console_.post(`/api/operator/postback-deliveries/${held.id}/release`, {})).status).toBe(200);
    const twice = await console_.post(`/api/operator/postback-deliveries/${held.id}/reject`, {});
    expect(twice.status).toBe(409);
    await runner.runDue();
    expect(listener.received.map((r) => r.query.n)).toEqual([name]);
    const after = await console_.get<Overview>('/api/operator/postbacks?brand=alpha.test');
    expect(after.body.deliveries.find((d) => d.id === held.id)).toMatchObject({
      status: 'sent',
      attempts: [{ status_code: 200 }],
    });
    expect((await console_.post(`/api/operator/postbacks/${config.id}/remove`, {})).status).toBe(200);

    const audit = await server.services.db
      .selectFrom('operator_audit')
      .select(['action', 'target_id'])
      .where('action', 'like', 'postback.%')
      .where('operator_email', 'like', 'pb-owner-%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'postback.add', target_id: String(config.id) },
      { action: 'postback.release', target_id: String(held.id) },
      { action: 'postback.remove', target_id: String(config.id) },
    ]);
  });
});
