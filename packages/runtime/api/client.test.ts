import { describe, expect, it, vi } from 'vitest';
import { REQUEST_RETRIES } from '../rules/constants.ts';
import { ApiNetworkError, ApiRequestError, createApiClient, type ApiClientOptions } from './client.ts';
import type { ApiInput } from './contract.ts';

/** A signup the fake server refuses whatever it holds. */
const signup = { body: {} as ApiInput<'POST /api/signup.php'>['body'] };
const credentials = { body: { email: 'a@b.nl', password: 'secret' } };

type Answer = Response | Error;

/** A fake network: answers the queued responses in order and records every request. */
function fakeFetch(...answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return answer.clone();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(network: ReturnType<typeof fakeFetch>, options: ApiClientOptions = {}) {
  const delays: number[] = [];
  const api = createApiClient({
    fetch: network.fetch,
    sleep: async (ms) => void delays.push(ms),
    random: () => 1,
    ...options,
  });
  return { api, delays };
}

describe('createApiClient', () => {
  it('marks the request as the client’s own and sends cookies on the same origin', async () => {
    const network = fakeFetch(json(200, { user: null }));
    const { api } = client(network);
    await expect(api.call('GET /api/user.php')).resolves.toEqual({ user: null });
    const { url, init } = network.calls[0]!;
    expect(url).toBe('/api/user.php');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'x-client-request': '1', accept: 'application/json' });
    expect(init.body).toBeUndefined();
  });

  it('sends JSON bodies and query parameters', async () => {
    const network = fakeFetch(json(200, { ok: true }));
    const { api } = client(network, { baseUrl: 'https://example.test' });
    await api.call('POST /api/user.php', credentials);
    await api.call('GET /api/members.php', { query: { page: 2, gender: undefined } });
    const [post, get] = network.calls;
    expect(post!.url).toBe('https://example.test/api/user.php');
    expect(post!.init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.parse(post!.init.body as string)).toEqual({ email: 'a@b.nl', password: 'secret' });
    expect(get!.url).toBe('https://example.test/api/members.php?page=2');
  });

  it('throws the server’s error body with its status', async () => {
    const body = { error: 'invalid_email', message: 'Invalid email', suggestion: 'a@gmail.com' };
    const { api } = client(fakeFetch(json(422, body)));
    const error = await api.call('POST /api/signup.php', signup).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: 'invalid_email', message: 'Invalid email', body });
  });

  it('never retries a refused request (4xx)', async () => {
    const network = fakeFetch(json(429, { error: 'login_blocked', message: 'blocked', minutes: 5 }));
    const { api } = client(network);
    await expect(api.call('POST /api/user.php', credentials)).rejects.toMatchObject({ status: 429 });
    expect(network.calls).toHaveLength(1);
  });

  it('retries server errors with exponential delay, then succeeds', async () => {
    const network = fakeFetch(json(503, { error: 'internal', message: 'x' }), json(500, {}), json(200, { user: null }));
    const { api, delays } = client(network);
    await expect(api.call('GET /api/user.php')).resolves.toEqual({ user: null });
    expect(network.calls).toHaveLength(3);
    expect(delays).toEqual([300, 600]);
  });

  it(`gives up after ${REQUEST_RETRIES} retries of a network error`, async () => {
    const network = fakeFetch(new TypeError('Failed to fetch'));
    const { api, delays } = client(network);
    await expect(api.call('GET /api/user.php')).rejects.toBeInstanceOf(ApiNetworkError);
    expect(network.calls).toHaveLength(REQUEST_RETRIES + 1);
    expect(delays).toEqual([300, 600, 1200, 2400, 4800]);
  });

  it('answers the last server error once the retries are used up', async () => {
    const network = fakeFetch(json(502, { error: 'internal', message: 'Bad gateway' }));
    const { api } = client(network, { retries: 2 });
    await expect(api.call('GET /api/settings.php')).rejects.toMatchObject({ status: 502, message: 'Bad gateway' });
    expect(network.calls).toHaveLength(3);
  });

  it('does not retry an aborted request', async () => {
    const abort = new DOMException('The user aborted a request.', 'AbortError');
    const network = fakeFetch(abort);
    const { api } = client(network);
    await expect(api.call('GET /api/user.php')).rejects.toBe(abort);
    expect(network.calls).toHaveLength(1);
  });

  it('reports a 403 with authentication_required, so that the member is logged out', async () => {
    const body = { error: 'authentication_required', message: 'Log in', authentication_required: true };
    const onAuthenticationRequired = vi.fn();
    const { api } = client(fakeFetch(json(403, body)), { onAuthenticationRequired });
    await expect(api.call('GET /api/chats.php')).rejects.toMatchObject({ status: 403 });
    expect(onAuthenticationRequired).toHaveBeenCalledWith(body);
  });

  it('reports a banned or suspended member, so that the client shows the ban page', async () => {
    for (const error of ['account_banned', 'account_suspended']) {
      const body = { error, message: 'Banned', banned: true };
      const onBanned = vi.fn();
      const { api } = client(fakeFetch(json(403, body)), { onBanned });
      await expect(api.call('GET /api/chats.php')).rejects.toMatchObject({ code: error });
      expect(onBanned).toHaveBeenCalledWith(body);
    }
  });

  it('does not log out on other 403 answers', async () => {
    const onAuthenticationRequired = vi.fn();
    const { api } = client(fakeFetch(json(403, { error: 'signups_closed', message: 'closed' })), {
      onAuthenticationRequired,
    });
    await expect(api.call('POST /api/signup.php', signup)).rejects.toMatchObject({ code: 'signups_closed' });
    expect(onAuthenticationRequired).not.toHaveBeenCalled();
  });

  it('turns an error page that is not JSON into an error body', async () => {
    const html = new Response('<h1>Bad Gateway</h1>', { status: 404, statusText: 'Not Found' });
    const { api } = client(fakeFetch(html));
    await expect(api.call('GET /api/likes.php')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers undefined for an empty success', async () => {
    const { api } = client(fakeFetch(new Response(null, { status: 204 })));
    await expect(api.call('DELETE /api/chat.php', { body: { conversation: { id: 1 } } })).resolves.toBeUndefined();
  });

  it('sends one idempotency key per write and the same key on each of its retries', async () => {
    const network = fakeFetch(new TypeError('offline'), json(503, { error: 'internal', message: '' }), json(201, {}));
    const { api } = client(network);
    await api.call('POST /api/message.php', { body: { profile_id: 2, text: 'Hi' } });
    const keys = network.calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
    // The next action is a new key.
    await api.call('POST /api/message.php', { body: { profile_id: 2, text: 'Hi again' } });
    const next = (network.calls[3]!.init.headers as Record<string, string>)['idempotency-key'];
    expect(next).toMatch(/^[0-9a-f]{32}$/);
    expect(next).not.toBe(keys[0]);
  });

  it('sends no idempotency key on reads', async () => {
    const network = fakeFetch(json(200, {}));
    await client(network).api.call('GET /api/chats.php');
    expect(network.calls[0]!.init.headers).not.toHaveProperty('idempotency-key');
  });

  it('asks again while the server still runs the first attempt of a write, then gets its answer', async () => {
    const busy = json(409, { error: 'idempotency_key_in_progress', message: 'still running' });
    const network = fakeFetch(busy, json(201, { message: { id: 1 } }));
    const { api, delays } = client(network);
    await expect(api.call('POST /api/message.php', { body: { profile_id: 2, text: 'Hi' } })).resolves.toEqual({
      message: { id: 1 },
    });
    expect(delays).toHaveLength(1);
    expect(network.calls).toHaveLength(2);
  });

  it('does not repeat other conflicts', async () => {
    const network = fakeFetch(json(409, { error: 'email_taken', message: 'taken' }));
    await expect(client(network).api.call('POST /api/signup.php', signup)).rejects.toMatchObject({
      code: 'email_taken',
    });
    expect(network.calls).toHaveLength(1);
  });
});
