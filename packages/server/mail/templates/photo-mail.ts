import type { Locale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Translate } from '../../i18n/translator.ts';
import { renderMailHtml } from '../layout.ts';
import type { OutgoingMail } from '../mailer.ts';

/** The notice of a checked photo: texts `mail:photo_approved.*` / `mail:photo_rejected.*`, reason `mail:photo_reason.<code>`. */
export function photoCheckMail(input: {
  outcome: 'approved' | 'rejected';
  reason: string | null;
  brand: Brand;
  locale: Locale;
  translate: Translate;
  from: string;
  to: string;
  name: string;
}): OutgoingMail {
  const { brand, locale } = input;
  const reason = input.reason ? input.translate(locale, `mail:photo_reason.${input.reason}`) : '';
  const t = (key: string) =>
    input.translate(locale, `mail:photo_${input.outcome}.${key}`, {
      name: input.name,
      brand: brand.name,
      domain: brand.domain,
      reason,
    });
  const paragraphs = [t('greeting'), t('body')];
  const button = { label: t('button'), url: `https://${brand.domain}/profile` };
  const footer = input.translate(locale, 'mail:footer', { brand: brand.name, domain: brand.domain });
  return {
    from: input.from,
    to: input.to,
    subject: t('subject'),
    text: [...paragraphs, `${button.label}: ${button.url}`, '', footer].join('\n\n'),
    html: renderMailHtml(brand, locale, paragraphs, button, footer),
    language: locale,
  };
}
