import type { Brand } from '@datekit/runtime/schemas/brand';
import { normalizeEmail } from '@datekit/runtime/rules/signup';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { recordSignIn, type SignInContext } from './sign-ins.ts';
import { blockedMinutes, clearFailures, recordFailure, throttleKey } from './login-throttle.ts';

export interface CheckedAccount {
  id: number;
  deletion_requested_at: number | null;
  sanction: 'ban' | 'suspension' | null;
  sanction_ends_at: number | null;
}

/**
 * The account an e-mail and password open on a brand, through the login throttle: blocked addresses
 * answer `login_blocked`; a wrong password or an unknown address costs the same hash and answers
 * `login_failed` alike (no enumeration), counting towards the block; the right one clears the count.
 */
export async function checkCredentials(
  services: Services,
  brand: Brand,
  email: string,
  password: string,
  /** When given, a failed attempt on an existing account goes into its sign-in history. */
  signIn?: SignInContext,
): Promise<CheckedAccount> {
  const key = throttleKey(brand.domain, normalizeEmail(email));
  const findAccount = () =>
    services.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'deletion_requested_at', 'sanction', 'sanction_ends_at'])
      .where('brand', '=', brand.domain)
      .where('email_normalized', '=', normalizeEmail(email))
      .executeTakeFirst();
  const failed = async (userId: number | undefined, outcome: 'wrong_password' | 'blocked') => {
    if (signIn && userId !== undefined)
      await recordSignIn(services.db, { userId, at: services.now(), outcome, ...signIn });
  };
  const minutes = await blockedMinutes(services, key);
  if (minutes > 0) {
    if (signIn) await failed((await findAccount())?.id, 'blocked');
    throw new ApiError('login_blocked', { minutes }, { minutes });
  }

  const account = await findAccount();
  const valid = await services.passwords.verify(password, account?.password_hash ?? (await services.passwords.decoy()));
  if (!account?.password_hash || !valid) {
    await failed(account?.id, 'wrong_password');
    const blockedFor = await recordFailure(services, key);
    if (blockedFor > 0) throw new ApiError('login_blocked', { minutes: blockedFor }, { minutes: blockedFor });
    throw new ApiError('login_failed');
  }
  await clearFailures(services, key);
  return {
    id: account.id,
    deletion_requested_at: account.deletion_requested_at,
    sanction: account.sanction,
    sanction_ends_at: account.sanction_ends_at,
  };
}
