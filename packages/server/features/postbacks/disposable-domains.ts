/**
 * Well-known throwaway-mailbox domains: a signup from one is the cheapest kind of junk an affiliate
 * can send for SOI payouts. A small bundled list on purpose (the big public ones change daily and
 * would need fetching); it catches the common services, and the other signals catch the rest.
 */
export const DISPOSABLE_DOMAINS: ReadonlySet<string> = new Set([
  '10minutemail.com',
  '20minutemail.com',
  '33mail.com',
  'burnermail.io',
  'discard.email',
  'dispostable.com',
  'dropmail.me',
  'emailfake.com',
  'emailondeck.com',
  'fakeinbox.com',
  'getnada.com',
  'grr.la',
  'guerrillamail.com',
  'guerrillamail.net',
  'guerrillamailblock.com',
  'inboxkitten.com',
  'mail.tm',
  'mailcatch.com',
  'maildrop.cc',
  'mailinator.com',
  'mailnesia.com',
  'minuteinbox.com',
  'mintemail.com',
  'moakt.com',
  'mohmal.com',
  'mytemp.email',
  'sharklasers.com',
  'spambox.us',
  'spamgourmet.com',
  'tempail.com',
  'temp-mail.io',
  'temp-mail.org',
  'tempmail.net',
  'tempr.email',
  'throwawaymail.com',
  'tmpmail.org',
  'trashmail.com',
  'yopmail.com',
  'yopmail.fr',
]);

/** Whether an address is at a throwaway-mailbox domain (or a subdomain of one). */
export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  const parts = domain.split('.');
  return parts.some((_, i) => DISPOSABLE_DOMAINS.has(parts.slice(i).join('.')));
}
