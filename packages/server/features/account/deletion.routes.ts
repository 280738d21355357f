import { z } from 'zod';
import { DELETION_GRACE_DAYS } from '@datekit/runtime/rules/constants';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import {
  deleteAccountRoute,
  deletionOfferRoute,
  reactivateRoute,
} from '@datekit/runtime/schemas/api/contracts/account';
import { checkCredentials } from '../auth/check-credentials.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';
import { endSession, startSession } from '../auth/sessions.ts';
import { loadMemberById } from '../users/current-member.ts';
import { toUserJson } from '../users/user-json.ts';
import { consumeAccountToken } from './account-tokens.ts';
import { reactivate, requestDeletion } from './deletion.ts';
import { assertOwnPassword } from './settings.routes.ts';

export const deletionOffer = defineRoute({
  contract: deletionOfferRoute,
  summary:
    "What the delete-account flow offers before the member leaves: the company's delete_discount in percent (0: no offer) and the days the deletion stays reversible.",
  auth: 'member',
  handler: async ({ brand }) => ({ delete_discount: brand.company.delete_discount, grace_days: DELETION_GRACE_DAYS }),
});

export const deleteAccount = defineRoute({
  contract: deleteAccountRoute,
  errors: ['old_password_wrong', 'login_blocked'],
  summary:
    'Delete the account (with the password): hidden from every other member at once, every session ends, a reactivation link valid 14 days is mailed; afterwards the personal data is erased.',
  auth: 'member',
  handler: async ({ body, member, brand, locale, services, request, reply }) => {
    await assertOwnPassword(services, member, body.password);
    const { eraseAt } = await requestDeletion(services, { member, brand, locale, request });
    await endSession(services, reply, undefined);
    return { deleted: true as const, erase_at: new Date(eraseAt).toISOString() };
  },
});

export const reactivateByLink = defineRoute({
  method: 'GET',
  url: '/api/account-reactivate.php',
  errors: ['reset_link_invalid'],
  summary:
    'The link in the deletion mail: reactivates the account within 14 days, logs the member in and redirects to /settings?reactivated=1 (or /account-deleted?reactivation=failed).',
  auth: 'none',
  query: z.object({ token: z.string().max(100).optional() }),
  handler: async ({ query, brand, services, reply, request }) => {
    reply.header('cache-control', 'no-store');
    try {
      if (!query.token) throw new ApiError('reset_link_invalid');
      const { userId } = await services.db.transaction().execute((trx) =>
        consumeAccountToken(trx, {
          token: query.token!,
          kind: 'reactivation',
          brand: brand.domain,
          now: services.now(),
        }),
      );
      await reactivate(services, userId);
      await startSession(services, reply, userId, { method: 'reactivation_link', request });
      await reply.redirect('/settings?reactivated=1', 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await reply.redirect('/account-deleted?reactivation=failed', 303);
    }
  },
});

export const reactivateByLogin = defineRoute({
  contract: reactivateRoute,
  rateLimit: RATE_LIMITS.login,
  errors: ['login_blocked', 'login_failed'],
  summary:
    'Reactivate an account pending deletion with its e-mail and password (what the login offers on account_pending_deletion); logs the member in.',
  auth: 'none',
  handler: async ({ body, brand, services, reply, request }) => {
    const signIn = { method: 'reactivation_password' as const, request };
    const account = await checkCredentials(services, brand, body.email, body.password, signIn);
    if (account.deletion_requested_at !== null)
      await reactivate(services, account.id).catch(() => {
        throw new ApiError('login_failed');
      });
    await startSession(services, reply, account.id, signIn);
    const user = await loadMemberById(services, account.id);
    return { user: toUserJson(user!, services.now()) };
  },
});

export const deletionRoutes = [deletionOffer, deleteAccount, reactivateByLink, reactivateByLogin];
