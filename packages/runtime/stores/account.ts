import { task } from 'nanostores';
import type { ApiAnswer } from '../api/contract.ts';
import type { User } from '../schemas/api/user.ts';
import { api } from './api.ts';
import { receiveUser } from './user.ts';

/**
 * The member's own account (settings screen). None of these calls is safe to repeat blindly (a second
 * mail, a second deletion), so they are sent once: the member retries by pressing again.
 */
const ONCE = { retries: 0 } as const;

/** Mails a confirmation link to `email`; the current address stays until the link is followed. */
export async function requestMailChange(email: string, password: string): Promise<string> {
  const answer = await api().call('POST /api/mail-change.php', { body: { email, password } }, ONCE);
  return answer.email;
}

/** Confirms a new address with the token of its link; answers the address now in use. */
export async function confirmMailChange(token: string): Promise<string> {
  const answer = await api().call('POST /api/mail-change-do.php', { body: { token } }, ONCE);
  return answer.email;
}

/** Changes the password; every other session of the member ends. */
export async function changePassword(oldPassword: string, password: string, passwordRepeat: string): Promise<void> {
  await api().call(
    'PUT /api/password.php',
    { body: { old_password: oldPassword, password, password_repeat: passwordRepeat } },
    ONCE,
  );
}

/** Ends every other session; answers how many there were. */
export async function endOtherSessions(): Promise<number> {
  const answer = await api().call('POST /api/sessions-end.php', {}, ONCE);
  return answer.ended;
}

export type DeletionOffer = ApiAnswer<'GET /api/account-delete.php'>;

export function loadDeletionOffer(): Promise<DeletionOffer> {
  return api().call('GET /api/account-delete.php');
}

/** Deletes the account (reversible for the grace days); the member is logged out afterwards. */
export function deleteAccount(password: string): Promise<void> {
  return task(async () => {
    await api().call('POST /api/account-delete.php', { body: { password } }, ONCE);
    receiveUser(null);
  });
}

/** Reactivates an account pending deletion from the login form; the member is logged in afterwards. */
export function reactivateAccount(email: string, password: string): Promise<User> {
  return task(async () => {
    const { user } = await api().call('POST /api/account-reactivate.php', { body: { email, password } }, ONCE);
    receiveUser(user);
    return user;
  });
}

/** Where the browser downloads the data export (a ZIP); a plain link, so the browser saves it. */
export const DATA_EXPORT_URL = '/api/account-export.php';
