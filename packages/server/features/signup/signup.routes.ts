import { z } from 'zod';
import { normalizeEmail } from '@datekit/runtime/rules/signup';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { activationMailRoute, signupRoute } from '@datekit/runtime/schemas/api/contracts/user';
import { requestOrigin } from '../../http/origin.ts';
import { startSession } from '../auth/sessions.ts';
import { assertMessageLength } from '../chat/send-message.ts';
import { loadMemberById } from '../users/current-member.ts';
import { insertMember } from '../users/insert-member.ts';
import { queuePostbacks } from '../postbacks/queue-postbacks.ts';
import { scoreSignup } from '../postbacks/signup-quality.ts';
import { emailTaken } from '../users/users.queries.ts';
import { toUserJson } from '../users/user-json.ts';
import { activate, createActivationToken, sendActivationMail } from './activation.ts';
import { assertSignupsOpen, assertValidSignup } from './signup-rules.ts';
import { activationTokensSince, signupTarget } from './signup.queries.ts';
import { RATE_LIMITS } from '../../ops/rate-limits.ts';
import { LANDER_COOKIE } from '../landers/lander-attribution.ts';
import { signupLander } from '../landers/signup-lander.ts';

export const signup = defineRoute({
  contract: signupRoute,
  rateLimit: RATE_LIMITS.signup,
  summary:
    "Create an account: not confirmed, profile disabled, logged in at once; an activation link is mailed in the visitor's language.",
  auth: 'none',
  errors: [
    'signups_closed',
    'invalid_email',
    'invalid_name',
    'invalid_password',
    'invalid_date_of_birth',
    'terms_not_accepted',
    'message_too_long',
    'email_taken',
  ],
  status: 201,
  handler: async ({ body, brand, locale, services, request, reply }) => {
    assertSignupsOpen(brand, body.tracking);
    assertValidSignup(body, new Date(services.now()));
    if (body.signup_message) assertMessageLength(brand, body.signup_message, 'signup_message');
    const emailNormalized = normalizeEmail(body.email);
    if (await emailTaken(services.db, brand.domain, emailNormalized))
      throw new ApiError('email_taken', {}, { field: 'email' });

    // The member the visitor signed up to contact, if they are a visible member of this brand.
    const target = body.target_profile_id
      ? await signupTarget(services.db, brand.domain, body.target_profile_id)
      : undefined;
    const lander = await signupLander(services.db, brand.domain, request.cookies[LANDER_COOKIE]);
    const passwordHash = await services.passwords.hash(body.password);
    const now = services.now();
    const userId = await services.db
      .transaction()
      .execute(async (trx) => {
        const id = await insertMember(trx, {
          brand: brand.domain,
          email: body.email.trim(),
          passwordHash,
          status: 'not_confirmed',
          language: locale,
          createdAt: now,
          acceptedTermsAt: now,
          signupMessage: body.signup_message || null,
          signupTargetId: target?.id ?? null,
          ...(body.tracking ? { tracking: body.tracking } : {}),
          lander,
          profile: {
            name: body.name.trim(),
            gender: body.gender ?? null,
            birth_date: body.date_of_birth,
            country: brand.countries[0]!,
            status: 'disabled',
          },
        });
        // The single opt-in: scored for traffic quality, its postbacks exist exactly when the account does.
        await scoreSignup(trx, {
          brand,
          userId: id,
          email: body.email,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          formMs: body.form_ms,
          tracking: body.tracking,
          now,
        });
        await queuePostbacks(trx, { event: 'soi', userId: id }, now);
        return id;
      })
      .catch((error: unknown) => {
        // The unique index is the final word when two signups with one address race past the check above.
        if (/unique|duplicate/i.test(String(error))) throw new ApiError('email_taken', {}, { field: 'email' });
        throw error;
      });

    const token = await createActivationToken(services.db, userId, now);
    // The account exists now: a mail server hiccup must not turn that into an error. The member sees
    // the activation reminder and can have the mail sent again.
    await sendActivationMail(services, {
      brand,
      origin: requestOrigin(request),
      locale,
      to: body.email.trim(),
      name: body.name.trim(),
      token,
    }).catch((error: unknown) => request.log.error({ err: error }, 'activation mail failed'));
    await startSession(services, reply, userId, { method: 'signup', request });
    const user = await loadMemberById(services, userId);
    return { user: toUserJson(user!, now) };
  },
});

export const activateAccount = defineRoute({
  method: 'GET',
  url: '/api/activate.php',
  summary:
    'The link in the activation mail: activates the account, logs the member in and redirects to /activate/done (or /activate/error).',
  auth: 'none',
  query: z.object({ token: z.string().max(100).optional() }),
  handler: async ({ query, brand, services, reply, request }) => {
    const result = query.token ? await activate(services, brand, query.token) : { status: 'failed' as const };
    if (result.status === 'activated')
      await startSession(services, reply, result.userId, { method: 'activation_link', request });
    reply.header('cache-control', 'no-store');
    await reply.redirect(result.status === 'failed' ? '/activate/error' : '/activate/done', 303);
  },
});

/** At most one resend every two minutes and five a day, counted from the tokens already issued. */
const RESEND_INTERVAL_MS = 2 * 60_000;
const RESENDS_PER_DAY = 5;

export const resendActivationMail = defineRoute({
  contract: activationMailRoute,
  rateLimit: RATE_LIMITS.activationMail,
  summary: 'Send the activation mail again to the logged-in, not yet confirmed member (rate-limited).',
  auth: 'member',
  errors: ['already_activated', 'activation_mail_wait', 'activation_mail_limit'],
  handler: async ({ member, brand, locale, services, request }) => {
    if (member.status === 'active') throw new ApiError('already_activated');
    const now = services.now();
    const recent = await activationTokensSince(services.db, member.id, now - 86_400_000);
    if (recent.count >= RESENDS_PER_DAY) throw new ApiError('activation_mail_limit');
    const wait = recent.latest === null ? 0 : recent.latest + RESEND_INTERVAL_MS - now;
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      throw new ApiError('activation_mail_wait', { minutes }, { minutes });
    }
    const token = await createActivationToken(services.db, member.id, now);
    await sendActivationMail(services, {
      brand,
      origin: requestOrigin(request),
      locale,
      to: member.email,
      name: member.name,
      token,
    });
    return { sent: true as const };
  },
});

export const signupRoutes = [signup, activateAccount, resendActivationMail];
