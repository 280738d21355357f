import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/http-client.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { ENROL_CODE_MS } from './enrolment-codes.ts';
import { createOperator, issueEnrolmentCode, type CreatedOperator } from './operators.ts';
import { OPERATOR_HOST, OPERATOR_PASSWORD, totpCode } from './test-operators.ts';

let server: TestServer;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const newOperator = () =>
  createOperator(server.services, {
    email: `enrol-${++counter}@ops.test`,
    role: 'support',
    password: OPERATOR_PASSWORD,
  });

/** Step one in a fresh browser: answers it and the challenge. */
async function passwordStep(email: string): Promise<{ browser: TestClient; challenge: string; required: boolean }> {
  const browser = server.client(OPERATOR_HOST);
  const step = await browser.post<{ challenge: string; enrolment_required: boolean }>('/api/operator/login', {
    email,
    password: OPERATOR_PASSWORD,
  });
  expect(step.status, step.text).toBe(200);
  return { browser, challenge: step.body.challenge, required: step.body.enrolment_required };
}

type Enrolment = { secret: string; qr_code: string; otpauth_url: string; error?: string };
const enrol = (browser: TestClient, email: string, challenge: string, enrolment_code: string) =>
  browser.post<Enrolment>('/api/operator/login/enrol', { email, challenge, enrolment_code });

const signedIn = async (browser: TestClient) =>
  (await browser.get<{ operator: unknown }>('/api/operator/me')).body.operator !== null;

describe('operator enrolment', () => {
  it('the password alone never answers the secret nor a session; the right enrolment code shows it once, then the code signs in', async () => {
    const op = await newOperator();
    const { browser, challenge, required } = await passwordStep(op.email);
    expect(required).toBe(true);
    // Without the enrolment code the code step has nothing to go on but guesses.
    expect(await signedIn(browser)).toBe(false);

    // Typed as people do: lower case, dashes left out.
    const typed = op.enrolmentCode.toLowerCase().replace(/-/g, '');
    const shown = await enrol(browser, op.email, challenge, typed);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body.secret).toBe(op.totpSecret);
    expect(shown.body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(shown.body.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(await signedIn(browser)).toBe(false);

    const done = await browser.post('/api/operator/login/code', {
      email: op.email,
      challenge,
      code: totpCode(server, shown.body.secret),
    });
    expect(done.status, done.text).toBe(200);
    expect(await signedIn(browser)).toBe(true);
    const row = await server.services.db
      .selectFrom('operators')
      .select(['totp_enrolled_at', 'enrol_code_hash'])
      .where('id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_enrolled_at).not.toBeNull();
    expect(row.enrol_code_hash).toBeNull();
  });

  it('refuses a wrong, a used and an expired enrolment code, and one without the password step', async () => {
    const refused = async (res: Awaited<ReturnType<typeof enrol>>) => {
      expect(res.status, res.text).toBe(401);
      expect(res.body.error).toBe('operator_enrolment_invalid');
      expect(res.text).not.toMatch(/otpauth|secret/);
    };
    const op = await newOperator();
    const first = await passwordStep(op.email);
    await refused(await enrol(first.browser, op.email, first.challenge, 'ABCD-EFGH-JKMN-PQRS'));
    await refused(await enrol(first.browser, op.email, 'made-up', op.enrolmentCode));
    // Used: the first use shows the secret, the second does not.
    expect((await enrol(first.browser, op.email, first.challenge, op.enrolmentCode)).status).toBe(200);
    const second = await passwordStep(op.email);
    await refused(await enrol(second.browser, op.email, second.challenge, op.enrolmentCode));

    // Expired: 72 hours after it was issued.
    const late = await newOperator();
    server.advance(ENROL_CODE_MS + 1000);
    const step = await passwordStep(late.email);
    await refused(await enrol(step.browser, late.email, step.challenge, late.enrolmentCode));
    expect(await signedIn(step.browser)).toBe(false);
  });

  it('a new code from `datekit operators enrol-code` replaces the old; an enrolled operator needs --reset', async () => {
    const op: CreatedOperator = await newOperator();
    const issued = await issueEnrolmentCode(server.services, op.email);
    expect(issued.totpSecret).toBeNull();
    const step = await passwordStep(op.email);
    await expect(enrol(step.browser, op.email, step.challenge, op.enrolmentCode)).resolves.toMatchObject({
      status: 401,
    });
    const shown = await enrol(step.browser, op.email, step.challenge, issued.enrolmentCode);
    expect(shown.status, shown.text).toBe(200);
    await step.browser.post('/api/operator/login/code', {
      email: op.email,
      challenge: step.challenge,
      code: totpCode(server, shown.body.secret),
    });
    expect(await signedIn(step.browser)).toBe(true);

    // Enrolled: a code alone would let the password holder set up a second authenticator.
    await expect(issueEnrolmentCode(server.services, op.email)).rejects.toThrow(/--reset/);
    const reset = await issueEnrolmentCode(server.services, op.email, { reset: true });
    expect(reset.totpSecret).not.toBe(op.totpSecret);
    expect(await signedIn(step.browser)).toBe(false);
    const again = await passwordStep(op.email);
    expect(again.required).toBe(true);
    const renewed = await enrol(again.browser, op.email, again.challenge, reset.enrolmentCode);
    expect(renewed.body.secret).toBe(reset.totpSecret);
  });

  it('enrols with a code of the TOTP secret the command line printed, without the enrolment code', async () => {
    const op = await newOperator();
    const { browser, challenge } = await passwordStep(op.email);
    const done = await browser.post('/api/operator/login/code', {
      email: op.email,
      challenge,
      code: totpCode(server, op.totpSecret),
    });
    expect(done.status, done.text).toBe(200);
    expect(await signedIn(browser)).toBe(true);
  });
});
