import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_CHOICES, type ChoiceField } from '@datekit/runtime/data/profile-choices';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | null | undefined;
}

/** A labelled text area with a live character count against its maximum, hint and error tied to it. */
export function TextAreaField({ name, label, value, onChange, hint, error, maxLength, ...rest }: TextAreaFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const countId = maxLength ? `${id}-count` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, countId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...rest}
        id={id}
        name={name}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <div className="field-foot">
        {hint ? (
          <p id={hintId} className="field-hint">
            {hint}
          </p>
        ) : null}
        {maxLength ? (
          <p id={countId} className="field-count">
            {t('steps.characters', { length: value.length, max: maxLength })}
          </p>
        ) : null}
      </div>
      <p id={errorId} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

interface ChoiceSelectProps {
  field: ChoiceField;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  /** Without an empty option, for choices a profile must have (gender). */
  required?: boolean;
}

/** One profile choice (spec §3) as a select, its values named by `choice.<field>.<value>`. */
export function ChoiceSelect({ field, value, onChange, disabled, required }: ChoiceSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t(`my_profile.field.${field}`)}</label>
      <select
        id={id}
        name={field}
        className="select"
        value={value ?? ''}
        disabled={disabled}
        required={required}
        onChange={(event) => onChange(event.currentTarget.value || null)}
      >
        {required ? null : <option value="">{t('my_profile.not_said')}</option>}
        {PROFILE_CHOICES[field].map((option) => (
          <option key={option} value={option}>
            {t(`choice.${field}.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A polite live line for what a save or a send did: success in green, failure as an alert. */
export function SaveStatus({ status, message }: { status: 'idle' | 'saved' | 'failed'; message?: string | null }) {
  if (status === 'failed' && message) {
    return (
      <p className="form-error" role="alert">
        {message}
      </p>
    );
  }
  return (
    <p className="save-status" aria-live="polite">
      {status === 'saved' ? message : ''}
    </p>
  );
}
