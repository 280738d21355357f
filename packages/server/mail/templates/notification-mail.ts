import type { Locale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Translate } from '../../i18n/translator.ts';
import type { OutgoingMail } from '../mailer.ts';
import { renderMailHtml } from '../layout.ts';

/** Notification mails: their texts are `mail:notify_<kind>.subject|body|button` and `mail:notify.*`. */
export type NotificationMailKind = 'new_conversation' | 'new_message' | 'like' | 'match';

/**
 * A notification in the member's language and the brand's look, naming who did what but never the
 * message itself (mail is read on shared screens). Carries RFC 8058 one-click unsubscribe headers.
 */
export function notificationMail(input: {
  kind: NotificationMailKind;
  brand: Brand;
  locale: Locale;
  translate: Translate;
  from: string;
  to: string;
  /** The recipient's name. */
  name: string;
  /** The member who wrote or liked. */
  otherName: string;
  link: string;
  unsubscribeUrl: string;
}): OutgoingMail {
  const t = (key: string) =>
    input.translate(input.locale, `mail:${key}`, {
      name: input.name,
      other: input.otherName,
      brand: input.brand.name,
      domain: input.brand.domain,
    });
  const kind = `notify_${input.kind}`;
  const paragraphs = [t('notify.greeting'), t(`${kind}.body`)];
  const button = { label: t(`${kind}.button`), url: input.link };
  const unsubscribe = `${t('notify.unsubscribe')} ${input.unsubscribeUrl}`;
  const footer = `${t('footer')} ${unsubscribe}`;
  return {
    from: input.from,
    to: input.to,
    subject: t(`${kind}.subject`),
    language: input.locale,
    text: [...paragraphs, `${button.label}: ${button.url}`, '', t('footer'), unsubscribe].join('\n\n'),
    html: renderMailHtml(input.brand, input.locale, paragraphs, button, footer),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
