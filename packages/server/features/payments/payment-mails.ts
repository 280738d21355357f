import { toLocale } from '@datekit/runtime/data/locales';
import { vatPercent } from '@datekit/runtime/rules/vat';
import { brandSender } from '../../mail/templates/link-mail.ts';
import { paymentMail, type PaymentMailFacts, type PaymentMailKind } from '../../mail/templates/payment-mail.ts';
import type { Services } from '../../services.ts';
import type { PaymentRow } from './payment-json.ts';

/**
 * Mails the member about their payment, in their language: the receipt once it is paid, the notice
 * once it is refunded or charged back (with the credits left as a debt, if any). A mail that cannot be sent is logged; the payment itself stands.
 */
export async function sendPaymentMail(
  services: Services,
  payment: PaymentRow,
  kind: PaymentMailKind,
  facts: { amountCents: number; credits: number; unrecovered?: number; at: number },
): Promise<void> {
  const brand = services.brands.get(payment.brand);
  const user = await services.db
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.id', 'u.id')
    .select(['u.email', 'u.language', 'p.name'])
    .where('u.id', '=', payment.user_id)
    .executeTakeFirst();
  if (!brand || !user) return;
  await services.mailer.send(
    paymentMail({
      kind,
      brand,
      locale: toLocale(user.language) ?? 'en',
      translate: services.translate,
      from: brandSender(brand, services.config.mailFrom),
      to: user.email,
      name: user.name,
      facts: {
        ...facts,
        paymentId: payment.provider_payment_id ?? String(payment.id),
        currency: payment.currency,
        method: payment.method,
        // The receipt states the VAT of the whole payment; a refund notice only the amount returned.
        vat: kind === 'receipt' ? receiptVat(payment) : undefined,
      },
      link: `${payment.origin}/transactions/${payment.id}`,
    }),
  );
}

/** The VAT the payment recorded when it was created, for the receipt; none for older payments. */
function receiptVat(payment: PaymentRow): PaymentMailFacts['vat'] {
  if (payment.vat_rate_bp === null || payment.net_cents === null || payment.vat_cents === null) return undefined;
  return { ratePercent: vatPercent(payment.vat_rate_bp), netCents: payment.net_cents, vatCents: payment.vat_cents };
}
