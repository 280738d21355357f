import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/http-client.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { OPERATOR_ROUTES } from './operator-routes.ts';
import { mayDo, OPERATOR_ROLES, type OperatorRole, type Permission } from './permissions.ts';
import { OPERATOR_HOST, signedInOperator } from './test-operators.ts';

/**
 * The role table as an authorization matrix: every operator route (but the public login steps) against
 * every role, a visitor without a session, a member's session on the operator host, and a brand host.
 * A role without the route's permission gets 403 `operator_forbidden`; with it, anything but 403/404/5xx
 * (a made-up id or an empty body may well be refused as invalid: the gate was passed).
 */
let server: TestServer;
const roles = {} as Record<OperatorRole, TestClient>;
let visitor: TestClient;
let memberOnOperatorHost: TestClient;
let owner: TestClient;

const guarded = OPERATOR_ROUTES.filter((route) => route.access !== 'public');
/** Path parameters get an id that exists nowhere. */
const concrete = (url: string) => url.replace(/:(\w+)/g, '999999');

function call(client: TestClient, route: (typeof guarded)[number]) {
  const path = concrete(route.url);
  return route.method === 'GET'
    ? client.get(path)
    : client.request<Record<string, unknown>>(route.method, path, { body: {} });
}

beforeAll(async () => {
  server = await startTestServer();
  for (const role of OPERATOR_ROLES) roles[role] = (await signedInOperator(server, role)).browser;
  owner = roles.owner;
  visitor = server.client(OPERATOR_HOST);
  const member = server.client('alpha.test');
  await member.post('/api/signup.php', validSignup({ email: 'matrix-member@example.com' }));
  await member.get(pathOf(server.latestActivationLink()));
  memberOnOperatorHost = server.client(OPERATOR_HOST);
  memberOnOperatorHost.cookies.set('dk_session', member.cookies.get('dk_session')!);
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe.each(guarded.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', (_name, route) => {
  it.each(OPERATOR_ROLES)('as %s: as the role table says', async (role) => {
    const res = await call(roles[role], route);
    expect(res.status, res.text).toBeLessThan(500);
    if (route.access !== 'signed-in' && !mayDo(role, route.access as Permission)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('operator_forbidden');
    } else {
      expect(res.body.error, res.text).not.toBe('operator_forbidden');
      expect(res.body.error, res.text).not.toBe('authentication_required');
      expect(res.body.error, res.text).not.toBe('unknown_host');
    }
  });

  it('without a session: authentication_required', async () => {
    const res = await call(visitor, route);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('authentication_required');
  });

  it("with a member's session: authentication_required", async () => {
    const res = await call(memberOnOperatorHost, route);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('authentication_required');
  });

  it("on a brand host, even with the owner's cookie: 404", async () => {
    const onBrand = server.client('alpha.test');
    for (const [name, value] of owner.cookies) onBrand.cookies.set(name, value);
    const res = await call(onBrand, route);
    expect(res.status).toBe(404);
  });
});
