import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApi } from './api.ts';
import { completePasswordReset, requestPasswordReset } from './password-reset.ts';
import { $user } from './user.ts';

const calls: { path: string; body: unknown }[] = [];
function respond(status: number, body: unknown) {
  configureApi({
    fetch: async (input, init) => {
      calls.push({ path: new URL(String(input), 'http://x').pathname, body: JSON.parse(String(init?.body ?? 'null')) });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
    sleep: async () => undefined,
  });
}

describe('password reset actions', () => {
  afterEach(() => {
    calls.length = 0;
    cleanStores($user);
  });

  it('asks for a link once, without retrying a failure (each try would send a mail)', async () => {
    respond(500, { error: 'internal', message: 'An error has occurred.' });
    await expect(requestPasswordReset('a@b.cd')).rejects.toThrow();
    expect(calls).toEqual([{ path: '/api/password-reset.php', body: { email: 'a@b.cd' } }]);
  });

  it('sets the new password and logs the member in', async () => {
    const user = { email: 'a@b.cd', profile: { id: 1, name: 'A' } };
    respond(200, { user });
    await completePasswordReset('tok', 'secret one', 'secret one');
    expect(calls[0]).toEqual({
      path: '/api/password-reset-do.php',
      body: { token: 'tok', password: 'secret one', password_repeat: 'secret one' },
    });
    expect($user.get()).toEqual(user);
  });
});
