import { toLocale } from '@datekit/runtime/data/locales';
import { formatDate } from '@datekit/runtime/i18n/format';
import { LANGUAGE_COOKIE_DAYS, LANGUAGE_COOKIE_NAME } from '@datekit/runtime/rules/constants';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { languageRoute, loginRoute, logoutRoute, userRoute } from '@datekit/runtime/schemas/api/contracts/user';
import { loadMemberById } from '../users/current-member.ts';
import { toUserJson } from '../users/user-json.ts';
import { saveLanguage } from '../users/users.queries.ts';
import { reactivableUntil } from '../account/deletion.ts';
import { sanctionError } from '../reports/sanctions.ts';
import { checkCredentials } from './check-credentials.ts';
import { endSession, startSession } from './sessions.ts';
import { recordSignIn } from './sign-ins.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';

export const getUser = defineRoute({
  contract: userRoute,
  summary: 'The logged-in member, or null for a visitor.',
  auth: 'optional',
  handler: async ({ member, services }) => ({ user: member ? toUserJson(member, services.now()) : null }),
});

export const login = defineRoute({
  contract: loginRoute,
  rateLimit: RATE_LIMITS.login,
  summary: 'Log in with e-mail and password. Too many wrong attempts block the login for some minutes.',
  auth: 'none',
  errors: ['login_failed', 'login_blocked', 'account_pending_deletion', 'account_banned', 'account_suspended'],
  handler: async ({ body, brand, locale, services, reply, request }) => {
    const signIn = { method: 'password' as const, request };
    const account = await checkCredentials(services, brand, body.email, body.password, signIn);
    const refused = (outcome: 'banned' | 'suspended' | 'pending_deletion') =>
      recordSignIn(services.db, { userId: account.id, at: services.now(), outcome, ...signIn });
    // The right password of a banned member leads to the ban page (the client runtime sends them there).
    const sanctioned = sanctionError(account, locale, services.now());
    if (sanctioned) {
      await refused(account.sanction === 'ban' ? 'banned' : 'suspended');
      throw sanctioned;
    }
    if (account.deletion_requested_at !== null) {
      await refused('pending_deletion');
      throw pendingDeletion(account.deletion_requested_at, locale, services.now());
    }
    await startSession(services, reply, account.id, signIn);
    const user = await loadMemberById(services, account.id);
    return { user: toUserJson(user!, services.now()) };
  },
});

/**
 * The right password of an account pending deletion: within the grace period the login offers
 * reactivation (POST /api/account-reactivate.php); afterwards the account is as good as gone.
 */
function pendingDeletion(requestedAt: number, locale: string, now: number): ApiError {
  const until = reactivableUntil(requestedAt)!;
  if (until <= now) return new ApiError('login_failed');
  const date = formatDate(until, locale, 'dateLong');
  return new ApiError(
    'account_pending_deletion',
    { date },
    { reactivate: true, reactivable_until: new Date(until).toISOString() },
  );
}

export const setLanguage = defineRoute({
  contract: languageRoute,
  summary: "Choose the site language: kept in a cookie for 365 days and saved on the member's account.",
  auth: 'optional',
  handler: async ({ body, brand, member, services, reply }) => {
    const language = toLocale(body.language);
    if (!language || !brand.languages.includes(language)) {
      throw new ApiError('validation_failed', {}, { fields: { language: `one of ${brand.languages.join(', ')}` } });
    }
    reply.setCookie(LANGUAGE_COOKIE_NAME, language, {
      path: '/',
      sameSite: 'lax',
      maxAge: LANGUAGE_COOKIE_DAYS * 86_400,
    });
    if (!member) return { user: null, language };
    await saveLanguage(services.db, member.id, language);
    return { user: toUserJson({ ...member, language }, services.now()), language };
  },
});

export const logout = defineRoute({
  contract: logoutRoute,
  summary: 'Log out: ends the session on the server and clears its cookie.',
  auth: 'optional',
  handler: async ({ member, services, reply }) => {
    await endSession(services, reply, member?.sessionTokenHash);
    return { user: null };
  },
});

export const authRoutes = [getUser, login, setLanguage, logout];
