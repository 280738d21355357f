import type { Locale } from '@datekit/runtime/data/locales';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Translate } from '../../i18n/translator.ts';
import { escapeHtml, renderMailHtml } from '../layout.ts';
import type { OutgoingMail } from '../mailer.ts';

/** What every digest mail needs: who gets it, in which brand and language, and its unsubscribe link. */
export interface DigestMailBase {
  brand: Brand;
  locale: Locale;
  translate: Translate;
  from: string;
  to: string;
  name: string;
  /** The site's origin, https://<domain>. */
  origin: string;
  unsubscribeUrl: string;
}

/** A new member shown in the weekly update: an approved photo or a placeholder, fictional ones marked. */
export interface SuggestedMember {
  id: number;
  name: string;
  age: number;
  city: string | null;
  fictional: boolean;
  /** Public path of the approved main photo's thumbnail; null: the placeholder. */
  photo: string | null;
}

export interface WeeklyCounts {
  likes: number;
  matches: number;
  messages: number;
}

/** The unread-message reminder (type unread_message_reminders): how many messages wait, never what they say. */
export function unreadReminderMail(input: DigestMailBase & { unread: number }): OutgoingMail {
  const t = translator(input, { count: input.unread });
  return frame(input, t, {
    subject: t('reminder_unread.subject'),
    paragraphs: [t('notify.greeting'), t('reminder_unread.body'), t('reminder_unread.count')],
    button: { label: t('reminder_unread.button'), url: `${input.origin}/chats` },
  });
}

/** The weekly update (type weekly_updates): the week's figures and a few new members. */
export function weeklyUpdateMail(
  input: DigestMailBase & { counts: WeeklyCounts; suggestions: SuggestedMember[] },
): OutgoingMail {
  const t = translator(input, {});
  const { counts } = input;
  const figures = [
    counts.likes > 0 ? t('weekly.likes', { count: counts.likes }) : null,
    counts.matches > 0 ? t('weekly.matches', { count: counts.matches }) : null,
    counts.messages > 0 ? t('weekly.messages', { count: counts.messages }) : null,
  ].filter((line): line is string => line !== null);
  const people = input.suggestions.map((m) => ({
    ...m,
    line:
      [m.name, String(m.age), m.city].filter(Boolean).join(', ') + (m.fictional ? ` (${t('weekly.fictional')})` : ''),
    url: `${input.origin}/members/${m.id}`,
  }));
  const paragraphs = [t('notify.greeting'), t('weekly.intro'), ...figures];
  if (people.length) paragraphs.push(t('weekly.suggestions'));
  const cards = people
    .map((m) => {
      const picture = m.photo
        ? `<img src="${escapeHtml(input.origin + m.photo)}" width="64" height="64" alt="" style="border-radius:50%;object-fit:cover;display:block">`
        : // The placeholder: the member's initial in the brand's colour (no photo approved yet).
          `<div style="width:64px;height:64px;border-radius:50%;background:${input.brand.theme.primary};color:#fff;font-size:28px;line-height:64px;text-align:center">${escapeHtml(m.name.slice(0, 1).toUpperCase())}</div>`;
      return `<tr><td style="padding:0 12px 12px 0">${picture}</td><td style="padding:0 0 12px"><a href="${escapeHtml(m.url)}" style="color:${input.brand.theme.primary}">${escapeHtml(m.line)}</a></td></tr>`;
    })
    .join('');
  return frame(input, t, {
    subject: t('weekly.subject'),
    paragraphs,
    button: { label: t('weekly.button'), url: `${input.origin}/members` },
    extraText: people.map((m) => `- ${m.line}: ${m.url}`),
    extraHtml: cards
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${cards}</table>`
      : '',
  });
}

type T = (key: string, extra?: Record<string, unknown>) => string;

function translator(input: DigestMailBase, values: Record<string, unknown>): T {
  return (key, extra = {}) =>
    input.translate(input.locale, `mail:${key}`, {
      name: input.name,
      brand: input.brand.name,
      domain: input.brand.domain,
      ...values,
      ...extra,
    });
}

/** The brand's layout, plain text alongside, and the RFC 8058 one-click unsubscribe headers. */
function frame(
  input: DigestMailBase,
  t: T,
  content: {
    subject: string;
    paragraphs: string[];
    button: { label: string; url: string };
    extraText?: string[];
    extraHtml?: string;
  },
): OutgoingMail {
  const unsubscribe = `${t('notify.unsubscribe')} ${input.unsubscribeUrl}`;
  const { paragraphs, button } = content;
  const text = [...paragraphs, ...(content.extraText?.length ? [content.extraText.join('\n')] : [])];
  return {
    from: input.from,
    to: input.to,
    subject: content.subject,
    language: input.locale,
    text: [...text, `${button.label}: ${button.url}`, '', t('footer'), unsubscribe].join('\n\n'),
    html: renderMailHtml(
      input.brand,
      input.locale,
      paragraphs,
      button,
      `${t('footer')} ${unsubscribe}`,
      content.extraHtml,
    ),
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
