import type { Locale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Translate } from '../../i18n/translator.ts';
import type { OutgoingMail } from '../mailer.ts';
import { renderMailHtml } from '../layout.ts';

/** Mails whose point is one link: their texts are `mail:<kind>.subject|greeting|body|button|ignore`. */
export type LinkMailKind = 'activation' | 'password_reset' | 'mail_change' | 'reactivation';

/** A mail in the member's language, naming the brand and its domain, with one button to `link`. */
export function linkMail(input: {
  kind: LinkMailKind;
  brand: Brand;
  locale: Locale;
  translate: Translate;
  from: string;
  to: string;
  name: string;
  link: string;
  /** Further values the kind's texts interpolate (e.g. `days`). */
  params?: Record<string, string | number>;
}): OutgoingMail {
  const t = (key: string) =>
    input.translate(input.locale, `mail:${key}`, {
      name: input.name,
      brand: input.brand.name,
      domain: input.brand.domain,
      ...input.params,
    });
  const paragraphs = [t(`${input.kind}.greeting`), t(`${input.kind}.body`), t(`${input.kind}.ignore`)];
  const button = { label: t(`${input.kind}.button`), url: input.link };
  const footer = t('footer');
  return {
    from: input.from,
    to: input.to,
    subject: t(`${input.kind}.subject`),
    language: input.locale,
    text: [...paragraphs, `${button.label}: ${button.url}`, '', footer].join('\n\n'),
    html: renderMailHtml(input.brand, input.locale, paragraphs, button, footer),
  };
}

/** The sender of a brand's mail: MAIL_FROM when set, else the brand's support address. */
export function brandSender(brand: Brand, mailFrom: string | undefined): string {
  return mailFrom ?? `"${brand.name}" <${brand.support_email}>`;
}
