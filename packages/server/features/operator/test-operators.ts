import { generateSync } from 'otplib';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import type { TestClient } from '../../test/http-client.ts';
import { createOperator } from './operators.ts';
import type { OperatorRole } from './permissions.ts';

/** The operator host of the test server (the default of OPERATOR_HOST). */
export const OPERATOR_HOST = 'operator.localhost';
export const OPERATOR_PASSWORD = 'correct horse battery';

export interface TestOperator {
  id: number;
  email: string;
  secret: string;
  browser: TestClient;
}

/** The code an authenticator app shows at the server's current time. */
export function totpCode(server: TestServer, secret: string): string {
  return generateSync({ secret, epoch: Math.floor(server.services.now() / 1000) });
}

/**
 * A test server with one signed-in operator per role (created in this order), for a console test
 * file's `beforeAll`: `({ server, operators: { finance } } = await startServerWithOperators(['finance']))`.
 */
export async function startServerWithOperators<R extends OperatorRole>(
  roles: readonly R[],
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<{ server: TestServer; operators: Record<R, TestOperator> }> {
  const server = await startTestServer(options);
  const operators = {} as Record<R, TestOperator>;
  for (const role of roles) operators[role] = await signedInOperator(server, role);
  return { server, operators };
}

/** Creates an operator with `role` and signs them in on the operator host (both steps). */
export async function signedInOperator(
  server: TestServer,
  role: OperatorRole,
  email = `${role}@ops.test`,
): Promise<TestOperator> {
  const created = await createOperator(server.services, { email, role, password: OPERATOR_PASSWORD });
  const browser = server.client(OPERATOR_HOST);
  await signIn(server, browser, email, created.totpSecret);
  return { id: created.id, email, secret: created.totpSecret, browser };
}

export async function signIn(server: TestServer, browser: TestClient, email: string, secret: string): Promise<void> {
  const step = await browser.post<{ challenge: string }>('/api/operator/login', { email, password: OPERATOR_PASSWORD });
  expect(step.status, step.text).toBe(200);
  const done = await browser.post('/api/operator/login/code', {
    email,
    challenge: step.body.challenge,
    code: totpCode(server, secret),
  });
  expect(done.status, done.text).toBe(200);
}
