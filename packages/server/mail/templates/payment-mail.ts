import type { Locale } from '@datekit/runtime';
import { methodName } from '@datekit/runtime';
import type { Brand } from '@datekit/runtime';
import type { Translate } from '../../i18n/translator.ts';
import { renderMailHtml } from '../layout.ts';
import type { OutgoingMail } from '../mailer.ts';

/** Receipt of a completed payment, or notice of a refund: texts `mail:<kind>.*`. */
export type PaymentMailKind = 'receipt' | 'refund';

export interface PaymentMailFacts {
  paymentId: string;
  credits: number;
  /** Whole cents. */
  amountCents: number;
  currency: string;
  method: string;
  at: number;
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
  const amount = new Intl.NumberFormat(locale, { style: 'currency', currency: facts.currency }).format(
    facts.amountCents / 100,
  );
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(facts.at),
  );
  const t = (key: string) =>
    input.translate(locale, `mail:${key}`, {
      name: input.name,
      brand: brand.name,
      domain: brand.domain,
      amount,
      credits: facts.credits,
      date,
      payment_id: facts.paymentId,
    });
  const company = brand.company;
  const seller = [
    `${t('payment.seller')}: ${company.name}, ${company.address}, ${company.city}, ${company.country}`,
    `${t('payment.kvk')}: ${company.kvk}`,
    ...(company.vat_numbers.length ? [`${t('payment.vat')}: ${company.vat_numbers.join(', ')}`] : []),
  ];
  const lines = [
    `${t('payment.payment_id')}: ${facts.paymentId}`,
    `${t('payment.amount')}: ${amount}`,
    `${t('payment.credits')}: ${facts.credits}`,
    `${t('payment.method')}: ${methodName(facts.method, (key) => input.translate(locale, `mail:${key}`))}`,
    `${t('payment.date')}: ${date}`,
  ];
  const paragraphs = [t(`${input.kind}.greeting`), t(`${input.kind}.body`), ...lines, ...seller];
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
