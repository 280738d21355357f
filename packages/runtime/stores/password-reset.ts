import type { User } from '../schemas/api/user.ts';
import { api } from './api.ts';
import { receiveUser } from './user.ts';

/**
 * Asks for a reset link. The server answers the same whether or not the address has an account, so
 * the form can only say "if it has one, a mail is on its way".
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await api().call('POST /api/password-reset.php', { body: { email } }, { retries: 0 });
}

/** Sets the new password with the link's token; the member is logged in afterwards. */
export async function completePasswordReset(token: string, password: string, passwordRepeat: string): Promise<User> {
  const { user } = await api().call(
    'POST /api/password-reset-do.php',
    { body: { token, password, password_repeat: passwordRepeat } },
    { retries: 0 },
  );
  receiveUser(user);
  return user;
}
