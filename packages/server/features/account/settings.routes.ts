import { toLocale } from '@datekit/runtime/data/locales';
import { checkEmail, isValidPassword, normalizeEmail } from '@datekit/runtime/rules/signup';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import {
  mailChangeDoneRoute,
  mailChangeRoute,
  passwordRoute,
  sessionsEndRoute,
} from '@datekit/runtime/schemas/api/contracts/account';
import { requestOrigin } from '../../http/origin.ts';
import { brandSender, linkMail } from '../../mail/templates/link-mail.ts';
import type { Services } from '../../services.ts';
import { blockedMinutes, recordFailure, throttleKey } from '../auth/login-throttle.ts';
import type { CurrentMember } from '../users/current-member.ts';
import { consumeAccountToken, createAccountToken } from './account-tokens.ts';
import { emailTaken } from '../users/users.queries.ts';
import { deleteOtherSessions, passwordHashOf, setEmail, setPasswordHash } from './settings.queries.ts';

/** The link confirming a new e-mail address works for one day. */
export const MAIL_CHANGE_TOKEN_MS = 24 * 60 * 60_000;

/**
 * Throws `old_password_wrong` unless `password` is the member's current password. Wrong guesses count
 * against the same throttle as the login, so a borrowed session cannot be used to guess the password.
 */
export async function assertOwnPassword(
  services: Services,
  member: CurrentMember,
  password: string,
  field = 'password',
): Promise<void> {
  const key = throttleKey(member.brand, normalizeEmail(member.email));
  const minutes = await blockedMinutes(services, key);
  if (minutes > 0) throw new ApiError('login_blocked', { minutes }, { minutes });
  const passwordHash = await passwordHashOf(services.db, member.id);
  if (!passwordHash || !(await services.passwords.verify(password, passwordHash))) {
    const blockedFor = await recordFailure(services, key);
    if (blockedFor > 0) throw new ApiError('login_blocked', { minutes: blockedFor }, { minutes: blockedFor });
    throw new ApiError('old_password_wrong', {}, { field });
  }
}

export const requestMailChange = defineRoute({
  contract: mailChangeRoute,
  errors: ['email_change_invalid', 'email_taken', 'old_password_wrong', 'login_blocked'],
  summary:
    'Change the e-mail address: a confirmation link (one day, single use) goes to the new address; the old one stays in use until the link is followed. Needs the current password.',
  auth: 'member',
  handler: async ({ body, member, brand, locale, services, request }) => {
    const email = body.email.trim();
    if (!checkEmail(email, true).ok) throw new ApiError('email_change_invalid', {}, { field: 'email' });
    await assertOwnPassword(services, member, body.password);
    if (await emailTaken(services.db, brand.domain, normalizeEmail(email)))
      throw new ApiError('email_taken', {}, { field: 'email' });
    const token = await createAccountToken(services.db, {
      userId: member.id,
      kind: 'mail_change',
      now: services.now(),
      ttlMs: MAIL_CHANGE_TOKEN_MS,
      newEmail: email,
    });
    await services.mailer.send(
      linkMail({
        kind: 'mail_change',
        brand,
        locale: toLocale(member.language) ?? locale,
        translate: services.translate,
        from: brandSender(brand, services.config.mailFrom),
        to: email,
        name: member.name,
        link: `${requestOrigin(request)}/mail-change/do?token=${encodeURIComponent(token)}`,
      }),
    );
    return { sent: true as const, email };
  },
});

export const confirmMailChange = defineRoute({
  contract: mailChangeDoneRoute,
  errors: ['reset_link_invalid', 'email_taken'],
  summary:
    'Confirm a new e-mail address with the token of the link mailed to it. Works without a session (the link may open in another browser).',
  auth: 'none',
  handler: async ({ body, brand, services }) => {
    const now = services.now();
    return services.db
      .transaction()
      .execute(async (trx) => {
        const { userId, newEmail } = await consumeAccountToken(trx, {
          token: body.token,
          kind: 'mail_change',
          brand: brand.domain,
          now,
        });
        const email = newEmail!;
        // An account pending deletion keeps the address it had; its links are for reactivation only.
        if (!(await setEmail(trx, userId, email))) throw new ApiError('reset_link_invalid');
        return { email };
      })
      .catch((error: unknown) => {
        // Someone took the address between the request and the confirmation: the unique index says so.
        if (/unique|duplicate/i.test(String(error))) throw new ApiError('email_taken', {}, { field: 'email' });
        throw error;
      });
  },
});

export const changePassword = defineRoute({
  contract: passwordRoute,
  errors: ['passwords_differ', 'invalid_password', 'old_password_wrong', 'login_blocked'],
  summary: 'Change the password with the old one; every other session of the member ends.',
  auth: 'member',
  handler: async ({ body, member, services }) => {
    if (body.password !== body.password_repeat)
      throw new ApiError('passwords_differ', {}, { field: 'password_repeat' });
    if (!isValidPassword(body.password)) throw new ApiError('invalid_password', {}, { field: 'password' });
    await assertOwnPassword(services, member, body.old_password, 'old_password');
    const passwordHash = await services.passwords.hash(body.password);
    await services.db.transaction().execute(async (trx) => {
      await setPasswordHash(trx, member.id, passwordHash);
      await deleteOtherSessions(trx, member.id, member.sessionTokenHash);
      // The other devices' open streams end; this session's stream ignores the event (still valid).
      await services.events.publish(trx, member.id, { type: 'session-ended' });
    });
    return { changed: true as const };
  },
});

export const endOtherSessions = defineRoute({
  contract: sessionsEndRoute,
  summary: 'Sign out everywhere else: every session of the member but this one ends.',
  auth: 'member',
  handler: async ({ member, services }) => {
    const ended = await services.db.transaction().execute(async (trx) => {
      const count = await deleteOtherSessions(trx, member.id, member.sessionTokenHash);
      // The other devices' open streams end; this session's stream ignores the event (still valid).
      if (count > 0) await services.events.publish(trx, member.id, { type: 'session-ended' });
      return count;
    });
    return { ended };
  },
});

export const accountSettingsRoutes = [requestMailChange, confirmMailChange, changePassword, endOtherSessions];
