import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../app.ts';
import { OPERATOR_ROUTES } from '../features/operator/operator-routes.ts';
import { operatorOpenApi } from '../features/operator/openapi.routes.ts';
import { activeMember } from '../features/operator/test-members.ts';
import { OPERATOR_HOST, signedInOperator, type TestOperator } from '../features/operator/test-operators.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import type { TestClient } from '../test/http-client.ts';
import { defineRoute } from './define-route.ts';
import { checkGate, isOperatorRoute } from './route-access.ts';

/**
 * The one gate of every route (route-access.ts), as mountRoute applies it to member and operator
 * routes alike: the operator API answers on the operator host only, to operators only, and refuses
 * another site's writes with the same origin check as the members' API.
 */
let server: TestServer;
let owner: TestOperator;
let member: { id: number; browser: TestClient };

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInOperator(server, 'owner');
  member = await activeMember(server);
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('every route has one gate that matches its URL', () => {
  it('operator routes have `access` and live under /api/operator/; member routes have `auth` and do not', () => {
    for (const route of [...OPERATOR_ROUTES, operatorOpenApi]) {
      expect(isOperatorRoute(route), `${route.method} ${route.url}`).toBe(true);
      expect(route.url, `${route.method} ${route.url}`).toMatch(/^\/api\/operator\//);
    }
    for (const route of API_ROUTES) {
      expect(isOperatorRoute(route), `${route.method} ${route.url}`).toBe(false);
      expect(route.url, `${route.method} ${route.url}`).not.toMatch(/^\/api\/operator\//);
    }
  });

  it('mounting refuses a route whose gate and URL disagree', () => {
    const handler = async () => ({});
    const strayOperator = defineRoute({
      method: 'GET',
      url: '/api/stray.php',
      summary: '.',
      access: 'public',
      handler,
    });
    const unguarded = defineRoute({ method: 'GET', url: '/api/operator/stray', summary: '.', auth: 'none', handler });
    expect(() => checkGate(strayOperator)).toThrow(/must live under \/api\/operator\//);
    expect(() => checkGate(unguarded)).toThrow(/needs `access`/);
  });
});

describe('an operator route', () => {
  it("does not let a member's session in, on the operator host or on the member's own brand", async () => {
    const onOperatorHost = server.client(OPERATOR_HOST);
    onOperatorHost.cookies.set('dk_session', member.browser.cookies.get('dk_session')!);
    const asMember = await onOperatorHost.get(`/api/operator/members/${member.id}`);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe('authentication_required');
    const onBrand = await member.browser.get(`/api/operator/members/${member.id}`);
    expect(onBrand.status).toBe(404);
    const write = await member.browser.post(`/api/operator/members/${member.id}/notes`, { body: 'from a member' });
    expect(write.status).toBe(404);
  });

  it("refuses a write from another site's Origin, a brand's included, and takes its own", async () => {
    const note = (headers: Record<string, string>) =>
      owner.browser.post(`/api/operator/members/${member.id}/notes`, { body: 'origin check' }, { headers });
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://alpha.test' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await note(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error, JSON.stringify(headers)).toBe('cross_origin_refused');
    }
    expect((await note({ origin: `http://${OPERATOR_HOST}` })).status).toBe(200);
  });

  it('runs a write once per Idempotency-Key, as member routes do', async () => {
    const balance = async () =>
      (await owner.browser.get<{ member: { balance: number } }>(`/api/operator/members/${member.id}`)).body.member
        .balance;
    const before = await balance();
    const grant = () =>
      owner.browser.post<{ balance: number }>(
        `/api/operator/members/${member.id}/credits`,
        { amount: 7, reason: 'goodwill' },
        { headers: { 'idempotency-key': 'operator-grant-1' } },
      );
    const first = await grant();
    expect(first.status, first.text).toBe(200);
    const retry = await grant();
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.balance).toBe(before + 7);
    expect(await balance()).toBe(before + 7);
  });
});

describe("the operator API's OpenAPI document", () => {
  it('is served to signed-in operators on the operator host only', async () => {
    const doc = await owner.browser.get<{ info: { title: string }; paths: Record<string, unknown> }>(
      '/api/operator/openapi.json',
    );
    expect(doc.status).toBe(200);
    expect(doc.body.info.title).toBe('datekit operator API');
    expect(Object.keys(doc.body.paths)).toContain('/api/operator/members/{id}/ban');
    const visitor = await server.client(OPERATOR_HOST).get('/api/operator/openapi.json');
    expect(visitor.status).toBe(403);
    expect((await member.browser.get('/api/operator/openapi.json')).status).toBe(404);
  });

  it("is not part of the brands' document", async () => {
    const doc = await member.browser.get<{ paths: Record<string, unknown> }>('/api/openapi.json');
    expect(Object.keys(doc.body.paths).filter((p) => p.startsWith('/api/operator/'))).toEqual([]);
  });
});
