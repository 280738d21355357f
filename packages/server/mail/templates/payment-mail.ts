import type { Locale } from '@datekit/runtime/data/locales';
import { formatDate } from '@datekit/runtime/i18n/format';
import { methodName } from '@datekit/runtime/rules/payments';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Translate } from '../../i18n/translator.ts';
import { renderMailHtml } from '../layout.ts';
import type { OutgoingMail } from '../mailer.ts';

/** Receipt of a completed payment, or notice of a refund or chargeback: texts `mail:<kind>.*`. */
export type PaymentMailKind = 'receipt' | 'refund' | 'chargeback';

export interface PaymentMailFacts {
  paymentId: string;
  credits: number;
  /** Whole cents. */
  amountCents: number;
  currency: string;
  method: string;
  at: number;
  /** Credits of a refund or chargeback that were already spent: a debt the next purchase settles. */
  unrecovered?: number | undefined;
  /** The VAT contained in the amount, when the payment recorded it: the receipt then shows net, VAT and total. */
  vat?: { ratePercent: number; netCents: number; vatCents: number } | undefined;
}

/**
 * A payment mail in the member's language with the seller's details from the brand's company info
 * (name, address, KvK, VAT numbers), the amount, credits, method and date.
 */
export function paymentMail(input: {
  kind: PaymentMailKind;
  brand: Brand;
  locale: Locale;
  translate: Translate;
  from: string;
  to: string;
  name: string;
  facts: PaymentMailFacts;
  link: string;
}): OutgoingMail {
  const { brand, facts, locale } = input;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: facts.currency });
  const amount = money.format(facts.amountCents / 100);
  const date = formatDate(facts.at, locale, 'dateTimeLong', 'UTC');
  const t = (key: string) =>
    input.translate(locale, `mail:${key}`, {
      name: input.name,
      brand: brand.name,
      domain: brand.domain,
      amount,
      credits: facts.credits,
      date,
      payment_id: facts.paymentId,
      unrecovered: facts.unrecovered ?? 0,
    });
  const company = brand.company;
  const seller = [
    `${t('payment.seller')}: ${company.name}, ${company.address}, ${company.city}, ${company.country}`,
    `${t('payment.kvk')}: ${company.kvk}`,
    ...(company.vat_numbers.length ? [`${t('payment.vat')}: ${company.vat_numbers.join(', ')}`] : []),
  ];
  const lines = [
    `${t('payment.payment_id')}: ${facts.paymentId}`,
    ...amountLines(facts, money, locale, (key, rate) => input.translate(locale, `mail:${key}`, { rate })),
    `${t('payment.credits')}: ${facts.credits}`,
    `${t('payment.method')}: ${methodName(facts.method, (key) => input.translate(locale, `mail:${key}`))}`,
    `${t('payment.date')}: ${date}`,
  ];
  const debt = facts.unrecovered ? [t('payment.debt')] : [];
  const paragraphs = [t(`${input.kind}.greeting`), t(`${input.kind}.body`), ...debt, ...lines, ...seller];
  const button = { label: t(`${input.kind}.button`), url: input.link };
  const footer = t('footer');
  return {
    from: input.from,
    to: input.to,
    subject: t(`${input.kind}.subject`),
    language: locale,
    text: [...paragraphs, `${button.label}: ${button.url}`, '', footer].join('\n\n'),
    html: renderMailHtml(brand, locale, paragraphs, button, footer),
  };
}

/** Net, VAT at its rate and total when the payment recorded its VAT, else the amount alone. */
function amountLines(
  facts: PaymentMailFacts,
  money: Intl.NumberFormat,
  locale: Locale,
  t: (key: string, rate?: string) => string,
): string[] {
  const amount = money.format(facts.amountCents / 100);
  if (!facts.vat) return [`${t('payment.amount')}: ${amount}`];
  const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    facts.vat.ratePercent / 100,
  );
  return [
    `${t('payment.net')}: ${money.format(facts.vat.netCents / 100)}`,
    `${t('payment.vat_line', rate)}: ${money.format(facts.vat.vatCents / 100)}`,
    `${t('payment.total')}: ${amount}`,
  ];
}
