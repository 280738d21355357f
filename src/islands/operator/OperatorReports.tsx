import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DECISION_GROUNDS,
  REPORT_DECISIONS,
  SUSPENSION_DEFAULT_DAYS,
  type DecisionGround,
  type ReportDecision,
} from '@datekit/runtime/data/reports';
import type { QueuedReportJson } from '@datekit/runtime/schemas/api/operator/reports';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $reportQueue, decideQueuedReport, loadReportQueue } from '@datekit/runtime/stores/operator/reports';
import { UiProvider } from '../ui.tsx';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';
import { consoleDates } from './console-dates.ts';

/** The moderators' report queue: open reports oldest first, each decided with a ground and the facts. */
export default function OperatorReports({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Reports lang={lang} />
    </UiProvider>
  );
}

function Reports({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const queue = loadedData(useStore($reportQueue));
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const brand = new URLSearchParams(window.location.search).get('brand') ?? '';
    loadReportQueue(brand).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [t]);

  const dates = consoleDates(lang);
  return (
    <>
      <p className="op-muted">{t('op.reports.intro')}</p>
      <p role="status" aria-live="polite" data-testid="op-report-status">
        {status}
      </p>
      <OpError message={error} />
      {queue && queue.length === 0 && <p data-testid="op-reports-empty">{t('op.reports.empty')}</p>}
      {queue?.map((report) => (
        <ReportCard
          key={report.id}
          report={report}
          received={dates.dateTime(report.created_at)}
          onDone={(message) => setStatus(message)}
        />
      ))}
    </>
  );
}

function ReportCard({
  report,
  received,
  onDone,
}: {
  report: QueuedReportJson;
  received: string;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [decision, setDecision] = useState<ReportDecision>(report.reported ? 'warn' : 'no_action');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const who = report.reporter.name ?? report.reporter.email ?? t('op.reports.visitor');
  const field = (name: string) => `report-${report.id}-${name}`;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = (name: string) => Number(form.get(name)) || undefined;
    setBusy(true);
    setError(null);
    try {
      await decideQueuedReport(report.id, {
        decision,
        ground: String(form.get('ground')) as DecisionGround,
        facts: String(form.get('facts') ?? ''),
        ...(decision === 'remove_photo' ? { photo_id: number('photo') } : {}),
        ...(decision === 'suspend' ? { suspend_days: number('days') } : {}),
      });
      onDone(t('op.reports.done', { id: report.id }));
    } catch (failure) {
      setError(opErrorText(failure, t));
      setBusy(false);
    }
  }

  // A complaint names no member: the only decision about it here is "no action" (answered by mail).
  const decisions = report.reported ? REPORT_DECISIONS : (['no_action'] as const);
  return (
    <article className="op-card" data-testid="op-report" data-report-id={report.id}>
      <p>
        <strong>
          #{report.id} ·{' '}
          {report.reported
            ? t('op.reports.reported', { name: report.reported.name, id: report.reported.id })
            : t('op.reports.complaint', { subject: report.subject ?? '' })}
        </strong>{' '}
        · {report.brand} · {t('op.reports.received', { date: received })}
      </p>
      <p>
        {t(`op.reports.reason.${report.reason}`)} · {t(`op.reports.context.${report.context}`)} ·{' '}
        {t('op.reports.reporter', { who })}
        {report.open_about_member > 1 ? ` · ${t('op.reports.open_about', { count: report.open_about_member })}` : ''}
      </p>
      {report.text && <blockquote className="op-quote">{report.text}</blockquote>}
      <form className="op-filters" onSubmit={(event) => void onSubmit(event)}>
        <label htmlFor={field('decision')}>{t('op.reports.decision')}</label>
        <select
          id={field('decision')}
          name="decision"
          value={decision}
          onChange={(event) => setDecision(event.target.value as ReportDecision)}
        >
          {decisions.map((code) => (
            <option key={code} value={code}>
              {t(`op.reports.decision.${code}`)}
            </option>
          ))}
        </select>
        <label htmlFor={field('ground')}>{t('op.reports.ground')}</label>
        <select id={field('ground')} name="ground" defaultValue={groundFor(report.reason)}>
          {DECISION_GROUNDS.map((code) => (
            <option key={code} value={code}>
              {t(`op.reports.ground.${code}`)}
            </option>
          ))}
        </select>
        {decision === 'suspend' && (
          <>
            <label htmlFor={field('days')}>{t('op.reports.days')}</label>
            <input
              id={field('days')}
              name="days"
              type="number"
              min={1}
              max={365}
              defaultValue={SUSPENSION_DEFAULT_DAYS}
            />
          </>
        )}
        {decision === 'remove_photo' && (
          <>
            <label htmlFor={field('photo')}>{t('op.reports.photo')}</label>
            <input id={field('photo')} name="photo" type="number" min={1} required />
          </>
        )}
        <label htmlFor={field('facts')}>{t('op.reports.facts')}</label>
        <textarea id={field('facts')} name="facts" rows={2} required maxLength={2000} />
        <button className="op-button" type="submit" disabled={busy} data-testid="op-report-decide">
          {t('op.reports.decide')}
        </button>
      </form>
      <OpError message={error} />
    </article>
  );
}

/** The ground a reason most likely rests on, preselected; the moderator may change it. */
function groundFor(reason: string): DecisionGround {
  const grounds: Record<string, DecisionGround> = {
    fake_profile: 'terms_fake_profile',
    harassment: 'terms_harassment',
    spam_scam: 'terms_spam',
    underage: 'terms_minors',
    illegal_content: 'illegal_content',
  };
  return grounds[reason] ?? 'terms_general';
}
