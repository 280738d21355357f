import { z } from 'zod';
import type { Locale } from '@datekit/runtime/data/locales';
import { NOTIFICATION_TYPES, type NotificationType } from '@datekit/runtime/data/notifications';
import type { Brand } from '@datekit/runtime/schemas/brand';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { useDocumentHeaders } from '../../ops/security-headers.ts';
import { escapeHtml } from '../../mail/layout.ts';
import type { Services } from '../../services.ts';
import { hashToken } from '../users/current-member.ts';
import { suppressMailUnsubscribed, unsubscribeToken } from './notifications.queries.ts';
import { saveNotificationPreferences } from './preferences.ts';

const tokenQuery = z.object({ token: z.string().max(100).optional() });

/** The member and type a one-click link names, on this brand; `reset_link_invalid` otherwise. */
async function findToken(services: Services, brand: Brand, token: string | undefined) {
  if (!token) throw new ApiError('reset_link_invalid');
  const row = await unsubscribeToken(services.db, brand.domain, hashToken(token));
  if (!row || !(NOTIFICATION_TYPES as readonly string[]).includes(row.type)) throw new ApiError('reset_link_invalid');
  return { userId: row.user_id, type: row.type as NotificationType };
}

/** A small page in the brand's colour: the one-click link opened in a browser lands here. */
function page(services: Services, brand: Brand, locale: Locale, body: string): string {
  const t = (key: string) => escapeHtml(services.translate(locale, `mail:${key}`, { brand: brand.name }));
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t('unsubscribe.title')}</title></head>
<body style="margin:0;font-family:Arial,Helvetica,sans-serif;color:${brand.theme.dark};background:#f4f4f6"><main style="max-width:560px;margin:48px auto;padding:32px;background:#fff;border-radius:12px;border-top:4px solid ${brand.theme.primary}">
<h1 style="font-size:22px;color:${brand.theme.primary}">${escapeHtml(brand.name)}</h1>${body}
<p><a href="/notifications">${t('unsubscribe.settings')}</a></p></main></body></html>`;
}

const typeLabel = (services: Services, locale: Locale, type: NotificationType) =>
  services.translate(locale, `mail:notify_type.${type}`);

export const unsubscribePage = defineRoute({
  method: 'GET',
  url: '/api/unsubscribe.php',
  summary:
    'The unsubscribe link of a notification mail opened in a browser: an HTML page asking to confirm (a GET never unsubscribes: link scanners open links), whose button POSTs to the same URL; 400 with a page for an unknown link.',
  auth: 'none',
  query: tokenQuery,
  handler: async ({ query, brand, locale, services, reply }) => {
    useDocumentHeaders(reply);
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const found = await findToken(services, brand, query.token).catch((error: unknown) => {
      if (error instanceof ApiError) return null;
      throw error;
    });
    // A browser opened the link: an unknown token gets a page saying so, not a JSON error.
    if (!found) {
      const invalid = escapeHtml(services.translate(locale, 'errors:reset_link_invalid'));
      await reply.code(400).send(page(services, brand, locale, `<p>${invalid}</p>`));
      return;
    }
    const { type } = found;
    const t = (key: string) =>
      escapeHtml(services.translate(locale, `mail:${key}`, { type: typeLabel(services, locale, type) }));
    const form = `<p>${t('unsubscribe.confirm')}</p>
<form method="post" action="/api/unsubscribe.php?token=${encodeURIComponent(query.token!)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="background:${brand.theme.primary};color:#fff;border:0;padding:12px 24px;border-radius:8px;font-weight:bold">${t('unsubscribe.button')}</button></form>`;
    await reply.send(page(services, brand, locale, form));
  },
});

/**
 * RFC 8058 one-click unsubscribe: the mail client POSTs `List-Unsubscribe=One-Click` to the link of
 * the List-Unsubscribe header, from no page of ours and without cookies or our client header, so this
 * route takes cross-site writes (`allowCrossSite`): the token in the URL is the only credential, and all
 * it can do is switch one notification type off. Records the reason `listunsubscribe`.
 */
export const unsubscribe = defineRoute({
  method: 'POST',
  url: '/api/unsubscribe.php',
  summary:
    'One-click unsubscribe (RFC 8058) with the token of a notification mail: turns that notification type off for its member, without logging in; records the reason listunsubscribe.',
  auth: 'none',
  clientHeader: false,
  allowCrossSite: true,
  errors: ['reset_link_invalid'],
  query: tokenQuery,
  body: z.object({ 'List-Unsubscribe': z.string().max(50).optional() }),
  response: z.object({ ok: z.literal(true), type: z.enum(NOTIFICATION_TYPES) }),
  handler: async ({ query, brand, locale, services, request, reply }) => {
    const { userId, type } = await findToken(services, brand, query.token);
    const now = services.now();
    await services.db.transaction().execute(async (trx) => {
      await saveNotificationPreferences(trx, userId, { [type]: false }, now);
      await suppressMailUnsubscribed(trx, userId, now);
    });
    if (request.headers.accept?.includes('text/html')) {
      const done = escapeHtml(
        services.translate(locale, 'mail:unsubscribe.done', { type: typeLabel(services, locale, type) }),
      );
      useDocumentHeaders(reply);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      await reply.send(page(services, brand, locale, `<p>${done}</p>`));
      return undefined;
    }
    return { ok: true as const, type };
  },
});

export const unsubscribeRoutes = [unsubscribePage, unsubscribe];
