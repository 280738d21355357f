import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { normalizeEmail } from '@datekit/runtime/rules/signup';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { userIdsWithEmail } from '../users/users.queries.ts';
import { suppressMail } from './notifications.queries.ts';

/** Constant-time comparison of a presented secret with the configured one (hashed first: equal lengths). */
export function secretMatches(presented: string | undefined, expected: string | undefined): boolean {
  if (!presented || !expected) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * The mail provider reports a hard bounce or a spam complaint (feedback loop) for an address: e-mail
 * to every account with that address stops, with reason `bounce` or `fbl`, until the member switches
 * it back on in the notification settings. Server to server: authenticated by MAIL_WEBHOOK_SECRET as
 * `Authorization: Bearer <secret>`; without that variable set, every call is refused.
 */
export const mailEvents = defineRoute({
  method: 'POST',
  url: '/api/mail-events.php',
  summary:
    'For the mail provider: a bounce or complaint (spam report) for an address disables e-mail to it (reason bounce or fbl). Authorization: Bearer MAIL_WEBHOOK_SECRET.',
  auth: 'none',
  clientHeader: false,
  errors: ['authentication_required'],
  body: z.object({
    type: z.enum(['bounce', 'complaint']),
    email: z.string().trim().min(3).max(254),
  }),
  response: z.object({ ok: z.literal(true), suppressed: z.number().int() }),
  handler: async ({ body, services, request }) => {
    const header = request.headers.authorization;
    const presented = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    if (!secretMatches(presented, services.config.mailWebhookSecret)) throw new ApiError('authentication_required');
    const users = await userIdsWithEmail(services.db, normalizeEmail(body.email));
    const reason = body.type === 'bounce' ? 'bounce' : 'fbl';
    const now = services.now();
    if (users.length) {
      await suppressMail(services.db, users, reason, now);
    }
    return { ok: true as const, suppressed: users.length };
  },
});

export const mailEventRoutes = [mailEvents];
