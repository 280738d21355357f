import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { RESET_MAILS_PER_DAY, RESET_TOKEN_MS } from './password-reset.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function resetLink(eml: string): string {
  const match = /https?:\/\/[^\s"<]+\/reset-password\/do\?token=([\w-]+)/.exec(eml);
  if (!match) throw new Error('no reset link in the mail');
  return match[1]!;
}

async function member(email: string) {
  const browser = server.client();
  await browser.post('/api/signup.php', validSignup({ email }));
  return browser;
}

const ask = (email: string) => server.client().post('/api/password-reset.php', { email });
const complete = (token: string, password = 'a brand new secret', repeat = password) =>
  server.client().post('/api/password-reset-do.php', { token, password, password_repeat: repeat });

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    await member('reset-known@example.com');
    const mails = server.outbox().length;
    const known = await ask('reset-known@example.com');
    const unknown = await ask('reset-unknown@example.com');
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(server.outbox()).toHaveLength(mails + 1);
    expect(server.outbox().at(-1)).toMatch(/^Subject: Reset your password on Alpha Dates/m);
  });

  it('sets the new password, logs the member in, ends old sessions and works only once', async () => {
    const old = await member('reset-once@example.com');
    await ask('reset-once@example.com');
    const token = resetLink(server.outbox().at(-1)!);
    const res = await complete(token);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'reset-once@example.com' });
    expect((await old.get('/api/user.php')).body).toEqual({ user: null });
    expect(
      (await server.client().post('/api/user.php', { email: 'reset-once@example.com', password: 'a brand new secret' }))
        .status,
    ).toBe(200);
    const again = await complete(token, 'yet another secret');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Link expired or invalid, request a new email');
  });

  it('refuses an expired link and an unknown token', async () => {
    await member('reset-late@example.com');
    await ask('reset-late@example.com');
    const token = resetLink(server.outbox().at(-1)!);
    server.advance(RESET_TOKEN_MS + 1000);
    expect((await complete(token)).body.error).toBe('reset_link_invalid');
    expect((await complete('made-up')).body.error).toBe('reset_link_invalid');
  });

  it('refuses different passwords with the spec message and changes nothing', async () => {
    await member('reset-differ@example.com');
    await ask('reset-differ@example.com');
    const token = resetLink(server.outbox().at(-1)!);
    const res = await complete(token, 'one new secret', 'another secret');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The entered passwords are not the same.');
    expect((await complete(token)).status).toBe(200);
  });

  it(`allows ${RESET_MAILS_PER_DAY} mails a day per address, known or not, then the spec message`, async () => {
    for (const email of ['reset-limit@example.com', 'reset-limit-unknown@example.com']) {
      if (email === 'reset-limit@example.com') await member(email);
      for (let i = 0; i < RESET_MAILS_PER_DAY; i++) expect((await ask(email)).status).toBe(200);
      const limited = await ask(email);
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many password reset emails sent, please try again tomorrow.');
    }
    server.advance(86_400_000 + 1000);
    expect((await ask('reset-limit@example.com')).status).toBe(200);
  });

  it("does not reset a member of another brand through this brand's host", async () => {
    await member('reset-crossbrand@example.com');
    await ask('reset-crossbrand@example.com');
    const token = resetLink(server.outbox().at(-1)!);
    const res = await server.client('beta.test').post('/api/password-reset-do.php', {
      token,
      password: 'a brand new secret',
      password_repeat: 'a brand new secret',
    });
    expect(res.body.error).toBe('reset_link_invalid');
  });
});
