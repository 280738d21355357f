import type { Locale } from '@datekit/runtime/data/locales';
import type { DecisionGround, ReportDecision } from '@datekit/runtime/data/reports';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Translate } from '../../i18n/translator.ts';
import type { OutgoingMail } from '../mailer.ts';
import { renderMailHtml } from '../layout.ts';

interface MailBase {
  brand: Brand;
  locale: Locale;
  translate: Translate;
  from: string;
  to: string;
  /** The recipient's name, or their address for a visitor who gave none. */
  name: string;
}

function compose(
  input: MailBase,
  subject: string,
  paragraphs: string[],
  button: { label: string; url: string },
  footer: string,
): OutgoingMail {
  return {
    from: input.from,
    to: input.to,
    subject,
    language: input.locale,
    text: [...paragraphs, `${button.label}: ${button.url}`, '', footer].join('\n\n'),
    html: renderMailHtml(input.brand, input.locale, paragraphs, button, footer),
  };
}

function translator(input: MailBase, params: Record<string, string | number> = {}) {
  return (key: string, extra: Record<string, string | number> = {}) =>
    input.translate(input.locale, `mail:${key}`, {
      name: input.name,
      brand: input.brand.name,
      domain: input.brand.domain,
      ...params,
      ...extra,
    });
}

/** DSA art. 16(4): the reporter learns at once that the notice arrived, with its reference. */
export function reportReceivedMail(input: MailBase & { reference: number; siteUrl: string }): OutgoingMail {
  const t = translator(input, { reference: input.reference });
  return compose(
    input,
    t('report_received.subject'),
    [t('notify.greeting'), t('report_received.body'), t('report_received.next')],
    { label: t('report_received.button'), url: input.siteUrl },
    t('report.footer'),
  );
}

/** DSA art. 16(5): the reporter hears what was decided, and how to contest it. */
export function reportOutcomeMail(
  input: MailBase & { reference: number; actionTaken: boolean; complaintsUrl: string },
): OutgoingMail {
  const t = translator(input, { reference: input.reference });
  return compose(
    input,
    t('report_outcome.subject'),
    [
      t('notify.greeting'),
      t(input.actionTaken ? 'report_outcome.action' : 'report_outcome.no_action'),
      t('report_outcome.redress'),
    ],
    { label: t('report_outcome.button'), url: input.complaintsUrl },
    t('report.footer'),
  );
}

/**
 * DSA art. 17 statement of reasons to the member a decision restricts: what was decided (and until
 * when), the facts and circumstances, the ground in the terms or the law, that a person decided
 * without automated means, and the ways to contest it.
 */
export function statementOfReasonsMail(
  input: MailBase & {
    decision: Exclude<ReportDecision, 'no_action'>;
    ground: DecisionGround;
    facts: string;
    reference: number;
    /** The end of a suspension, already formatted in the member's language. */
    until?: string;
    complaintsUrl: string;
  },
): OutgoingMail {
  const t = translator(input, { reference: input.reference, date: input.until ?? '' });
  return compose(
    input,
    t('decision.subject'),
    [
      t('notify.greeting'),
      t(`decision.${input.decision}`),
      t('decision.facts', { facts: input.facts }),
      t('decision.ground', { ground: t(`ground.${input.ground}`) }),
      t('decision.automated'),
      t('decision.redress'),
    ],
    { label: t('decision.button'), url: input.complaintsUrl },
    t('footer'),
  );
}
