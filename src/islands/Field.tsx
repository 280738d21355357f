import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shown under the input, e.g. the did-you-mean hint. */
  after?: ReactNode;
}

/**
 * A labelled input whose hint and error are tied to it with aria-describedby; the error region is
 * live, so a screen reader hears a message as it appears.
 */
export function Field({ name, label, hint, error, after, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'has-error' : '', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      <p id={errorId} className="field-error" aria-live="polite">
        {error}
      </p>
      {after}
    </div>
  );
}

/** A password input with a button that shows what was typed (mobile keyboards make typos easy). */
export function PasswordField(props: Omit<FieldProps, 'type' | 'after'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? 'text' : 'password'}
      className="field-password"
      after={
        <button type="button" className="field-reveal" aria-pressed={visible} onClick={() => setVisible(!visible)}>
          {visible ? t('form.hide_password') : t('form.show_password')}
        </button>
      }
    />
  );
}

/** The form's summary error: announced at once (role=alert), found by tests as `form-error`. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert" data-testid="form-error">
      {message}
    </div>
  );
}
