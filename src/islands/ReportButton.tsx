import { useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason } from '@datekit/runtime/data/reports';
import { sendReport } from '@datekit/runtime/stores/reports';
import { errorText, fieldErrors } from './errors.ts';
import { Field, FormError } from './Field.tsx';
import { useMember } from './member.tsx';

export interface ReportTarget {
  /** The member reported. */
  memberId: number;
  name: string;
  context: 'profile' | 'conversation' | 'message';
  /** The conversation or message, for those contexts. */
  contextId?: number;
}

/**
 * The Report button of a profile or a conversation and its dialog (a DSA art. 16 notice): a reason
 * from a list and free text; a visitor also leaves an e-mail address. Once sent, the dialog confirms
 * it on screen with its reference; the confirmation mail is on its way.
 */
export function ReportButton({
  target,
  label,
  className,
}: {
  target: ReportTarget;
  /** The button's text; "Report" by default. */
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const member = useMember();
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [reference, setReference] = useState<number | null>(null);
  const titleId = `report-title-${target.memberId}-${target.context}`;

  function open() {
    setError(null);
    setReference(null);
    dialog.current?.showModal();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const text = String(form.get('text') ?? '');
      const id = await sendReport({
        reported_id: target.memberId,
        context: target.context,
        ...(target.contextId ? { context_id: target.contextId } : {}),
        reason: String(form.get('reason')) as ReportReason,
        text,
        ...(member ? {} : { email: String(form.get('email') ?? ''), name: String(form.get('name') ?? '') }),
      });
      setReference(id);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const fields = fieldErrors(error);
  return (
    <>
      <button type="button" className={className ?? 'member-text-button'} onClick={open} data-testid="report-open">
        {label ?? t('report.button')}
      </button>
      <dialog
        ref={dialog}
        className="member-dialog report-dialog"
        aria-labelledby={titleId}
        data-testid="report-dialog"
      >
        <h2 id={titleId}>{t('report.title', { name: target.name })}</h2>
        {reference !== null ? (
          <div role="status" data-testid="report-sent">
            <p>
              <strong>{t('report.sent_title')}</strong>
            </p>
            <p>{t('report.sent_body', { reference })}</p>
            <form method="dialog" className="member-dialog-actions">
              <button type="submit" className="btn btn-primary">
                {t('report.close')}
              </button>
            </form>
          </div>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <p>{t('report.intro')}</p>
            <fieldset className="report-reasons">
              <legend>{t('report.reason_label')}</legend>
              {REPORT_REASONS.map((reason, index) => (
                <label key={reason} className="report-reason">
                  <input type="radio" name="reason" value={reason} defaultChecked={index === 0} required />{' '}
                  {t(`report.reason.${reason}`)}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={`${titleId}-text`}>{t('report.text')}</label>
              <textarea id={`${titleId}-text`} name="text" rows={4} maxLength={REPORT_TEXT_MAX} />
            </div>
            {member ? null : (
              <>
                <Field
                  name="email"
                  type="email"
                  label={t('report.email')}
                  required
                  autoComplete="email"
                  error={fields.email}
                />
                <Field name="name" label={t('report.name')} autoComplete="name" />
              </>
            )}
            <FormError message={error ? errorText(error, t) : null} />
            <div className="member-dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
                {t('report.cancel')}
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy} data-testid="report-submit">
                {t('report.submit')}
              </button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
