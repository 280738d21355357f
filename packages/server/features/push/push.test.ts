import dns from 'node:dns';
import https from 'node:https';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createJobRunner } from '../../jobs/handlers.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { PUSH_JOB, PUSH_RETRY_BASE_MS, type PushPayload } from '../../push/push-notifications.ts';
import { generateVapidKeys } from '../../push/vapid.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { presenceWritten } from '../../realtime/events.routes.ts';
import {
  browserPushKeys,
  decryptPush,
  startFakePushService,
  type BrowserPushKeys,
  type FakePushService,
} from '../../test/fake-push-service.ts';
import { PRODUCTION_ENV, startTestServer, type TestServer, validSignup } from '../../test/test-server.ts';
import { member, type TestMember } from '../../test/member.ts';

const VAPID = generateVapidKeys();
let server: TestServer;
let runner: JobRunner;
let pushService: FakePushService;
beforeAll(async () => {
  pushService = await startFakePushService();
  server = await startTestServer({
    env: {
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT: 'mailto:ops@alpha.test',
      // The local fake push service, by its exact origin; every other endpoint is checked as in production.
      PUSH_ENDPOINT_ALLOWLIST: pushService.origin,
    },
  });
  runner = createJobRunner(server.services);
});
afterAll(async () => {
  await pushService.close();
  await server.close();
});
beforeEach(() => {
  pushService.received.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** DNS as the server sees it from now on: each name's addresses (a name not listed does not resolve). */
function resolving(names: Record<string, string[]>) {
  const lookup = vi.spyOn(dns.promises, 'lookup');
  lookup.mockImplementation((async (host: string) => {
    const addresses = names[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as never);
  return lookup;
}

type Member = TestMember;
const subscriber = (language = 'en') => member(server, { label: 'Pushed', language });

/** POST /api/user.php?push=1 as the spec has it (§7: the body carries `subscription`), or the bare subscription. */
function postSubscription(m: Member, path: string, keys: BrowserPushKeys, form: 'spec' | 'bare' = 'spec') {
  const subscription = { endpoint: `${pushService.origin}${path}`, expirationTime: null, keys: keys.json };
  return m.browser.post<{ error?: string; message?: string }>(
    '/api/user.php?push=1',
    form === 'spec' ? { subscription } : subscription,
  );
}

/** A browser of `m` subscribing to push at the fake push service, with PushSubscription.toJSON(). */
let endpoints = 0;
async function subscribe(
  m: Member,
  path = `/push/${m.id}-${++endpoints}`,
  keys = browserPushKeys(),
): Promise<{ path: string; keys: BrowserPushKeys }> {
  const res = await postSubscription(m, path, keys);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { path, keys };
}

const subscriptionsOf = (m: Member) =>
  server.services.db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', m.id)
    .orderBy('id')
    .execute();

const write = (from: Member, to: Member, text = 'Hello there') =>
  from.browser.post('/api/message.php', { profile_id: to.id, text });

const pushesTo = (path: string) => pushService.received.filter((p) => p.path === path);

describe('push subscriptions (POST /api/user.php?push=1)', () => {
  it('settings.php carries the VAPID public key; without keys configured it is null', async () => {
    const res = await server.client().get<{ settings: { push_public_key: string | null } }>('/api/settings.php');
    expect(res.body.settings.push_public_key).toBe(VAPID.publicKey);
    expect(loadConfig({}).pushPublicKey).toBeNull();
    expect(loadConfig({ VAPID_PUBLIC_KEY: VAPID.publicKey }).pushPublicKey).toBeNull();
  });

  it('serves the service worker at /sw-push.js on every brand host, as JavaScript the CSP lets register', async () => {
    for (const host of ['alpha.test', 'beta.test']) {
      const res = await server.client(host).get<string>('/sw-push.js');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.body)).toContain("addEventListener('push'");
      expect(String(res.body)).toContain('setAppBadge');
      expect(res.headers['content-security-policy'] ?? '').toMatch(/worker-src 'self'/);
    }
  });

  it('stores a valid subscription; login at POST /api/user.php without ?push=1 still works', async () => {
    const anna = await subscriber();
    const { path, keys } = await subscribe(anna);
    expect(await subscriptionsOf(anna)).toEqual([
      { endpoint: `${pushService.origin}${path}`, p256dh: keys.json.p256dh, auth: keys.json.auth },
    ]);
    const login = await server
      .client()
      .post('/api/user.php', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(login.status).toBe(401);
  });

  it('refuses subscriptions that are not a browser push subscription', async () => {
    const anna = await subscriber();
    const keys = browserPushKeys().json;
    const bad = [
      {},
      { endpoint: `${pushService.origin}/push/x` },
      { endpoint: `${pushService.origin}/push/x`, keys: { p256dh: keys.p256dh } },
      { endpoint: `${pushService.origin}/push/x`, keys: { ...keys, auth: 'short' } },
      // 87 base64url characters, but not a point on P-256.
      { endpoint: `${pushService.origin}/push/x`, keys: { ...keys, p256dh: `B${'A'.repeat(86)}` } },
      { endpoint: 'not a url', keys },
      { endpoint: 'http://push.example.com/send/1', keys },
      { endpoint: 'https://10.0.0.7/send/1', keys },
      { endpoint: 'https://user:pw@push.example.com/send/1', keys },
      { endpoint: 'ftp://push.example.com/send/1', keys },
    ];
    for (const body of bad) {
      const res = await anna.browser.post<{ error: string; message: string }>('/api/user.php?push=1', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await subscriptionsOf(anna)).toEqual([]);
    const visitor = await server
      .client()
      .post('/api/user.php?push=1', { endpoint: 'https://push.example.com/1', keys });
    expect(visitor.status).toBe(403);
  });

  it('resolves the push service name and refuses one that points into a private network, or nowhere', async () => {
    const anna = await subscriber();
    const keys = browserPushKeys().json;
    resolving({
      'fcm.example.com': ['142.250.74.170', '2a00:1450:4001:82a::200a'],
      'loopback.example.com': ['127.0.0.1'],
      'private.example.com': ['10.1.2.3'],
      'metadata.example.com': ['169.254.169.254'],
      'cgnat.example.com': ['100.64.0.1'],
      'ula.example.com': ['fd00::1'],
      'linklocal6.example.com': ['fe80::1'],
      'mapped.example.com': ['::ffff:192.168.1.1'],
      // One private address among public ones is enough to refuse: the connection may pick it.
      'mixed.example.com': ['142.250.74.170', '192.168.0.10'],
      'zero.example.com': ['0.0.0.0'],
    });
    const refused = [
      'loopback',
      'private',
      'metadata',
      'cgnat',
      'ula',
      'linklocal6',
      'mapped',
      'mixed',
      'zero',
      'unknown',
    ];
    for (const name of refused) {
      const endpoint = `https://${name}.example.com/send/1`;
      const res = await anna.browser.post<{ error: string }>('/api/user.php?push=1', { endpoint, keys });
      expect(res.status, endpoint).toBe(422);
      expect(res.body.error).toBe('validation_failed');
    }
    expect(await subscriptionsOf(anna)).toEqual([]);
    const ok = await anna.browser.post('/api/user.php?push=1', { endpoint: 'https://fcm.example.com/send/1', keys });
    expect(ok.status).toBe(200);
    expect((await subscriptionsOf(anna)).map((r) => r.endpoint)).toEqual(['https://fcm.example.com/send/1']);
  });

  it('allows http: or loopback endpoints only by the exact origin on PUSH_ENDPOINT_ALLOWLIST, never in production', () => {
    const origin = pushService.origin;
    expect(
      loadConfig({ PUSH_ENDPOINT_ALLOWLIST: `${origin}, https://push.example.invalid` }).pushEndpointAllowlist,
    ).toEqual([origin, 'https://push.example.invalid']);
    expect(loadConfig({}).pushEndpointAllowlist).toEqual([]);
    expect(() => loadConfig({ PUSH_ENDPOINT_ALLOWLIST: `${origin}/push`, NODE_ENV: 'development' })).toThrow(
      /not an origin/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, PUSH_ENDPOINT_ALLOWLIST: origin })).toThrow(/production/);
  });

  it('takes the spec body { subscription } and the bare subscription alike', async () => {
    const anna = await subscriber();
    const spec = await postSubscription(anna, '/push/spec-form', browserPushKeys(), 'spec');
    expect(spec.status, JSON.stringify(spec.body)).toBe(200);
    const bare = await postSubscription(anna, '/push/bare-form', browserPushKeys(), 'bare');
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect((await subscriptionsOf(anna)).map((r) => r.endpoint)).toEqual([
      `${pushService.origin}/push/spec-form`,
      `${pushService.origin}/push/bare-form`,
    ]);
    // A bad subscription inside `subscription` names its own fields.
    const bad = await anna.browser.post<{ fields: Record<string, string> }>('/api/user.php?push=1', {
      subscription: { endpoint: `${pushService.origin}/push/x`, keys: { p256dh: 'short', auth: 'short' } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields)).toEqual(['keys.p256dh', 'keys.auth']);
  });

  it('two members posting one new endpoint at once: one owns it, the other is refused', async () => {
    const members = [await subscriber(), await subscriber(), await subscriber(), await subscriber()];
    const answers = await Promise.all(members.map((m) => postSubscription(m, '/push/raced', browserPushKeys())));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const owners = await server.services.db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .where('endpoint', '=', `${pushService.origin}/push/raced`)
      .execute();
    expect(owners).toEqual([{ user_id: members[answers.findIndex((a) => a.status === 200)]!.id }]);
  });

  it("logging out forgets the subscriptions stored in that session: the browser's next member gets none of them", async () => {
    const anna = await subscriber();
    const here = await subscribe(anna);
    const elsewhere = server.client();
    const login = await elsewhere.post('/api/user.php', { email: anna.email, password: validSignup().password });
    expect(login.status, login.text).toBe(200);
    const other = await subscribe({ ...anna, browser: elsewhere });
    expect(await subscriptionsOf(anna)).toHaveLength(2);
    expect((await anna.browser.get('/api/logout.php')).status).toBe(200);
    expect((await subscriptionsOf(anna)).map((r) => r.endpoint)).toEqual([`${pushService.origin}${other.path}`]);
    // The browser sends its subscription again at the next login (stores/push.ts): whoever that is.
    const ben = await subscriber();
    await subscribe(ben, here.path, here.keys);
    expect(await subscriptionsOf(ben)).toHaveLength(1);
  });

  it('keeps several browsers per member; the same endpoint subscribing again updates it; DELETE forgets one', async () => {
    const [anna, ben] = [await subscriber(), await subscriber()];
    const first = await subscribe(anna, '/push/shared-browser');
    await subscribe(anna);
    expect(await subscriptionsOf(anna)).toHaveLength(2);
    // New keys from the same browser: still two rows, with the new keys.
    const again = await subscribe(anna, first.path);
    const rows = await subscriptionsOf(anna);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.endpoint.endsWith(first.path))!.p256dh).toBe(again.keys.json.p256dh);
    // Ben posts that endpoint with other keys: he cannot be that browser, and Anna keeps her pushes.
    const taken = await postSubscription(ben, first.path, browserPushKeys());
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('push_endpoint_taken');
    expect(taken.body.message).toEqual(expect.any(String));
    expect((await subscriptionsOf(anna)).find((r) => r.endpoint.endsWith(first.path))!.p256dh).toBe(
      again.keys.json.p256dh,
    );
    expect(await subscriptionsOf(ben)).toEqual([]);
    // Ben logs in on that very browser (its keys): it notifies Ben now, never Anna.
    await subscribe(ben, first.path, again.keys);
    expect(await subscriptionsOf(anna)).toHaveLength(1);
    expect(await subscriptionsOf(ben)).toHaveLength(1);

    const endpoint = `${pushService.origin}${first.path}`;
    expect((await anna.browser.request('DELETE', '/api/user.php?push=1', { body: { endpoint } })).status).toBe(404);
    expect((await ben.browser.request('DELETE', '/api/user.php?push=1', { body: { endpoint } })).status).toBe(200);
    expect(await subscriptionsOf(ben)).toEqual([]);
  });
});

describe('pushes', () => {
  it('pushes a new message, encrypted for the browser, in its language, with the screen to open and the unread count', async () => {
    const [alice, bob] = [await subscriber(), await subscriber('nl')];
    const { path, keys } = await subscribe(bob);
    expect((await write(alice, bob, 'A secret text')).status).toBe(201);
    await runner.runDue();

    const [push, ...more] = pushesTo(path);
    expect(more).toEqual([]);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${VAPID.publicKey}$`),
    );
    expect(push!.headers.ttl).toBeDefined();
    // Only the browser's keys read it: the body is not the plaintext, and decrypts with them.
    expect(push!.body.toString('latin1')).not.toContain(alice.name);
    expect(() => decryptPush(push!.body, browserPushKeys())).toThrow();
    const payload = JSON.parse(decryptPush(push!.body, keys)) as PushPayload;
    expect(payload).toEqual({
      kind: 'message',
      title: `${alice.name} heeft je geschreven`,
      body: 'Open Alpha Dates om het bericht te lezen en te antwoorden.',
      url: `/members/${alice.id}/chat`,
      tag: `chat-${alice.id}`,
      unread: 1,
    });
    expect(JSON.stringify(payload)).not.toContain('A secret text');
  });

  it('pushes likes and matches', async () => {
    const [alice, bob] = [await subscriber(), await subscriber()];
    const { path, keys } = await subscribe(bob);
    const alicePush = await subscribe(alice);
    await alice.browser.post('/api/like.php', { profile_id: bob.id });
    await runner.runDue();
    const like = JSON.parse(decryptPush(pushesTo(path)[0]!.body, keys)) as PushPayload;
    expect(like).toMatchObject({ kind: 'like', title: `${alice.name} likes you`, url: '/likes' });

    await bob.browser.post('/api/like.php', { profile_id: alice.id });
    await runner.runDue();
    const match = JSON.parse(decryptPush(pushesTo(alicePush.path)[0]!.body, alicePush.keys)) as PushPayload;
    expect(match).toMatchObject({
      kind: 'match',
      title: `It's a match with ${bob.name}!`,
      url: `/members/${bob.id}/chat`,
    });
  });

  it('deletes subscriptions the push service calls gone (404, 410) and retries other failures later', async () => {
    const [alice, bob] = [await subscriber(), await subscriber()];
    const gone = await subscribe(bob);
    const expired = await subscribe(bob);
    const flaky = await subscribe(bob);
    const fine = await subscribe(bob);
    pushService.answer(gone.path, 410);
    pushService.answer(expired.path, 404);
    pushService.answer(flaky.path, 503);
    await write(alice, bob);
    await runner.runDue();
    for (const s of [gone, expired, flaky, fine]) expect(pushesTo(s.path)).toHaveLength(1);
    expect((await subscriptionsOf(bob)).map((r) => r.endpoint)).toEqual(
      [flaky, fine].map((s) => `${pushService.origin}${s.path}`),
    );

    // The failed browser alone is tried again after the back-off, not before.
    pushService.answer(flaky.path, 201);
    await runner.runDue();
    expect(pushesTo(flaky.path)).toHaveLength(1);
    server.advance(PUSH_RETRY_BASE_MS);
    await runner.runDue();
    expect(pushesTo(flaky.path)).toHaveLength(2);
    expect(pushesTo(fine.path)).toHaveLength(1);
    const retry = JSON.parse(decryptPush(pushesTo(flaky.path)[1]!.body, flaky.keys)) as PushPayload;
    expect(retry.kind).toBe('message');
  });

  it('checks the name again at send time: one that now points into a private network is never contacted, and forgotten', async () => {
    const [alice, bob] = [await subscriber(), await subscriber()];
    const fine = await subscribe(bob);
    const lookup = resolving({ 'push.example.com': ['93.184.215.14'] });
    const res = await bob.browser.post('/api/user.php?push=1', {
      endpoint: 'https://push.example.com/send/bob',
      keys: browserPushKeys().json,
    });
    expect(res.status).toBe(200);
    expect(await subscriptionsOf(bob)).toHaveLength(2);
    // DNS rebinding: the same name answers a loopback address by the time the push goes out.
    resolving({ 'push.example.com': ['127.0.0.1'] });
    const httpsRequests = vi.spyOn(https, 'request');
    await write(alice, bob);
    await runner.runDue();
    expect(lookup).toHaveBeenCalledWith('push.example.com', expect.anything());
    expect(httpsRequests).not.toHaveBeenCalled();
    expect(pushesTo(fine.path)).toHaveLength(1);
    expect((await subscriptionsOf(bob)).map((r) => r.endpoint)).toEqual([`${pushService.origin}${fine.path}`]);
  });

  it('pushes nothing while the member has a tab open', async () => {
    const [alice, bob] = [await subscriber(), await subscriber()];
    const { path } = await subscribe(bob);
    const tab = await openEventStream(bob.browser);
    // The tab counts as open once the heartbeat's next presence batch is written.
    await presenceWritten(server.services);
    try {
      await write(alice, bob);
      await tab.next('message');
      const queued = await server.services.db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', PUSH_JOB)
        .where('unique_key', 'like', `%:${bob.id}:${alice.id}`)
        .execute();
      expect(queued).toHaveLength(1);
      await runner.runDue();
      expect(pushesTo(path)).toEqual([]);
    } finally {
      tab.close();
    }
  });

  it('pushes nothing of a type the member turned off', async () => {
    const [alice, bob] = [await subscriber(), await subscriber()];
    const { path } = await subscribe(bob);
    const off = await bob.browser.put('/api/notifications.php', {
      preferences: { new_conversations: false, like: false },
    });
    expect(off.status).toBe(200);
    await write(alice, bob);
    await alice.browser.post('/api/like.php', { profile_id: bob.id });
    await runner.runDue();
    expect(pushesTo(path)).toEqual([]);
    // Still on: new messages in the conversation now under way.
    await write(alice, bob, 'Second');
    await runner.runDue();
    expect(pushesTo(path)).toHaveLength(1);
  });

  it('queues no push job for a member without a subscription', async () => {
    const [alice, bob] = [await subscriber(), await subscriber()];
    await write(alice, bob);
    const jobs = await server.services.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', PUSH_JOB)
      .where('unique_key', 'like', `%:${bob.id}:%`)
      .execute();
    expect(jobs).toEqual([]);
  });
});
