import { toLocale } from '@datekit/runtime/data/locales';
import { checkEmail, isValidPassword, normalizeEmail } from '@datekit/runtime/rules/signup';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { passwordResetDoneRoute, passwordResetRoute } from '@datekit/runtime/schemas/api/contracts/user';
import { requestOrigin } from '../../http/origin.ts';
import { brandSender, linkMail } from '../../mail/templates/link-mail.ts';
import { startSession } from '../auth/sessions.ts';
import { loadMemberById } from '../users/current-member.ts';
import { toUserJson } from '../users/user-json.ts';
import { completeReset, requestReset } from './password-reset.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';

export const requestPasswordReset = defineRoute({
  contract: passwordResetRoute,
  rateLimit: RATE_LIMITS.passwordReset,
  summary:
    'Mail a password reset link (valid one hour, single use). Answers the same whether or not the address has an account; at most 3 a day per address.',
  auth: 'none',
  errors: ['invalid_email', 'reset_limit'],
  handler: async ({ body, brand, locale, services, request }) => {
    if (!checkEmail(body.email, true).ok) throw new ApiError('invalid_email', {}, { field: 'email' });
    const reset = await requestReset(services, brand, normalizeEmail(body.email));
    if (reset) {
      const link = `${requestOrigin(request)}/reset-password/do?token=${encodeURIComponent(reset.token)}`;
      await services.mailer
        .send(
          linkMail({
            kind: 'password_reset',
            brand,
            locale: toLocale(reset.language) ?? locale,
            translate: services.translate,
            from: brandSender(brand, services.config.mailFrom),
            to: reset.email,
            name: reset.name,
            link,
          }),
        )
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
    }
    return { sent: true as const };
  },
});

export const completePasswordReset = defineRoute({
  contract: passwordResetDoneRoute,
  rateLimit: RATE_LIMITS.passwordReset,
  summary: 'Set a new password with the token of a reset link; ends every other session and logs the member in.',
  auth: 'none',
  errors: ['passwords_differ', 'invalid_password', 'reset_link_invalid'],
  handler: async ({ body, brand, services, reply, request }) => {
    if (body.password !== body.password_repeat)
      throw new ApiError('passwords_differ', {}, { field: 'password_repeat' });
    if (!isValidPassword(body.password)) throw new ApiError('invalid_password', {}, { field: 'password' });
    const userId = await completeReset(services, brand, body.token, body.password);
    await startSession(services, reply, userId, { method: 'password_reset', request });
    const member = await loadMemberById(services, userId);
    return { user: toUserJson(member!, services.now()) };
  },
});

export const passwordResetRoutes = [requestPasswordReset, completePasswordReset];
