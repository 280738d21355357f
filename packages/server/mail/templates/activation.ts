import type { Locale } from '@datekit/runtime/data/locales.ts';
import type { Brand } from '@datekit/runtime/schemas/brand/index.ts';
import type { Translate } from '../../i18n/translator.ts';
import type { OutgoingMail } from '../mailer.ts';
import { renderMailHtml } from '../layout.ts';

/** The activation mail, in the member's language, naming the brand and its domain. */
export function activationMail(input: {
  brand: Brand;
  locale: Locale;
  translate: Translate;
  from: string;
  to: string;
  name: string;
  link: string;
}): OutgoingMail {
  const t = (key: string) =>
    input.translate(input.locale, `mail:${key}`, {
      name: input.name,
      brand: input.brand.name,
      domain: input.brand.domain,
    });
  const paragraphs = [t('activation.greeting'), t('activation.body'), t('activation.ignore')];
  const button = { label: t('activation.button'), url: input.link };
  const footer = t('footer');
  return {
    from: input.from,
    to: input.to,
    subject: t('activation.subject'),
    language: input.locale,
    text: [...paragraphs, `${button.label}: ${button.url}`, '', footer].join('\n\n'),
    html: renderMailHtml(input.brand, input.locale, paragraphs, button, footer),
  };
}
