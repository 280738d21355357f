import { task } from 'nanostores';
import type {
  DeletionOffer,
  MailChangeDoneResponse,
  MailChangeResponse,
  SessionsEndedResponse,
} from '../schemas/api/account.ts';
import type { LoggedInResponse, User } from '../schemas/api/user.ts';
import { api } from './api.ts';
import { receiveUser } from './user.ts';

/**
 * The member's own account (settings screen). None of these calls is safe to repeat blindly (a second
 * mail, a second deletion), so they are sent once: the member retries by pressing again.
 */
const ONCE = { retries: 0 } as const;

/** Mails a confirmation link to `email`; the current address stays until the link is followed. */
export async function requestMailChange(email: string, password: string): Promise<string> {
  const answer = await api().post<MailChangeResponse>('/api/mail-change.php', { email, password }, ONCE);
  return answer.email;
}

/** Confirms a new address with the token of its link; answers the address now in use. */
export async function confirmMailChange(token: string): Promise<string> {
  const answer = await api().post<MailChangeDoneResponse>('/api/mail-change-do.php', { token }, ONCE);
  return answer.email;
}

/** Changes the password; every other session of the member ends. */
export async function changePassword(oldPassword: string, password: string, passwordRepeat: string): Promise<void> {
  await api().put('/api/password.php', { old_password: oldPassword, password, password_repeat: passwordRepeat }, ONCE);
}

/** Ends every other session; answers how many there were. */
export async function endOtherSessions(): Promise<number> {
  const answer = await api().post<SessionsEndedResponse>('/api/sessions-end.php', undefined, ONCE);
  return answer.ended;
}

export type { DeletionOffer } from '../schemas/api/account.ts';

export function loadDeletionOffer(): Promise<DeletionOffer> {
  return api().get<DeletionOffer>('/api/account-delete.php');
}

/** Deletes the account (reversible for the grace days); the member is logged out afterwards. */
export function deleteAccount(password: string): Promise<void> {
  return task(async () => {
    await api().post('/api/account-delete.php', { password }, ONCE);
    receiveUser(null);
  });
}

/** Reactivates an account pending deletion from the login form; the member is logged in afterwards. */
export function reactivateAccount(email: string, password: string): Promise<User> {
  return task(async () => {
    const { user } = await api().post<LoggedInResponse>('/api/account-reactivate.php', { email, password }, ONCE);
    receiveUser(user);
    return user;
  });
}

/** Where the browser downloads the data export (a ZIP); a plain link, so the browser saves it. */
export const DATA_EXPORT_URL = '/api/account-export.php';
