import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_SUBJECT_MAX, REPORT_TEXT_MAX } from '@datekit/runtime/data/reports';
import { pathFor } from '@datekit/runtime/routes';
import { sendComplaint } from '@datekit/runtime/stores/reports';
import { errorText, fieldErrors } from './errors.ts';
import { Field, FormError } from './Field.tsx';
import { useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

/** Complaints shorter than this say too little to act on (the server checks the same). */
const TEXT_MIN = 10;

/**
 * The /complaints form (DSA art. 16 notice or a complaint about a decision): name, e-mail, subject or
 * URL, text. It lands in the moderators' report queue; the sender sees the reference here and gets a
 * confirmation by mail. `?member=<id>` (a profile's old report link) fills in the profile's address.
 */
export default function ComplaintForm({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <ComplaintFormContent />
    </UiProvider>
  );
}

function ComplaintFormContent() {
  const { t } = useTranslation();
  const member = useMember();
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [textError, setTextError] = useState<string | undefined>();
  const form = useRef<HTMLFormElement>(null);

  // Filled in once after hydration (the prerendered page knows no query string).
  useEffect(() => {
    const id = Number(new URLSearchParams(window.location.search).get('member'));
    const subject = form.current?.elements.namedItem('subject');
    if (Number.isInteger(id) && id > 0 && subject instanceof HTMLInputElement && !subject.value)
      subject.value = `${window.location.origin}${pathFor('members-id', { id })}`;
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setError(null);
    const tooShort = value('text').length < TEXT_MIN;
    setTextError(tooShort ? t('complaint.text_short') : undefined);
    if (tooShort) return;
    setBusy(true);
    try {
      setReference(
        await sendComplaint({
          name: value('name'),
          email: value('email'),
          subject: value('subject'),
          text: value('text'),
        }),
      );
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  if (reference !== null) {
    return (
      <div className="form-notice" role="status" data-testid="complaint-sent">
        <p>{t('complaint.sent', { reference })}</p>
      </div>
    );
  }

  const fields = fieldErrors(error);
  return (
    <form
      ref={form}
      className="stack-form"
      method="post"
      noValidate
      data-testid="complaint-form"
      onSubmit={(e) => void onSubmit(e)}
    >
      <Field
        name="name"
        label={t('complaint.name')}
        autoComplete="name"
        required
        maxLength={100}
        defaultValue={member?.profile.name ?? ''}
        key={`name-${member?.profile.id ?? 0}`}
        error={fields.name}
      />
      <Field
        name="email"
        type="email"
        label={t('complaint.email')}
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={member?.email ?? ''}
        key={`email-${member?.profile.id ?? 0}`}
        error={fields.email}
      />
      <Field
        name="subject"
        label={t('complaint.subject')}
        required
        maxLength={REPORT_SUBJECT_MAX}
        error={fields.subject}
      />
      <div className={textError || fields.text ? 'field has-error' : 'field'}>
        <label htmlFor="complaint-text">{t('complaint.text')}</label>
        <textarea
          id="complaint-text"
          name="text"
          rows={6}
          required
          maxLength={REPORT_TEXT_MAX}
          aria-invalid={textError ? true : undefined}
          aria-describedby="complaint-text-error"
        />
        <p id="complaint-text-error" className="field-error" aria-live="polite">
          {textError ?? fields.text}
        </p>
      </div>
      <FormError message={error ? errorText(error, t) : null} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
        {busy ? t('form.busy') : t('complaint.submit')}
      </button>
    </form>
  );
}
