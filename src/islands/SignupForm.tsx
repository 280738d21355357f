import { useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { hasTracking } from '@datekit/runtime/rules/tracking';
import { MIN_AGE, NAME_MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '@datekit/runtime/rules/constants';
import {
  checkSignupForm,
  SIGNUP_ERROR_FIELDS,
  type SignupField,
  type SignupFormValues,
} from '@datekit/runtime/rules/signup-form';
import { ApiRequestError } from '@datekit/runtime/api/client';
import type { SignupRequest, Tracking } from '@datekit/runtime/schemas/api/signup';
import { LINKS } from '../site/links.ts';
import { BirthDateField, birthDateValue, fieldOfControl } from './BirthDateField.tsx';
import { errorText, fieldErrors } from './errors.ts';
import { Field, FormError, PasswordField } from './Field.tsx';

const FIELDS: readonly SignupField[] = ['name', 'email', 'password', 'date_of_birth', 'gender', 'accept_terms'];

export interface SignupAccountFormProps {
  /** The visitor's tracking parameters (spec §3), sent with the signup when there are any. */
  tracking: Tracking;
  /** Creates the account; throws the server's refusal, which the form shows beside its field. */
  submit: (request: Omit<SignupRequest, 'signup_message'>) => Promise<void>;
  /** A request of the flow is on its way (also after the account exists: the photo, the profile). */
  busy: boolean;
  /** Fields of the step shown between the account's fields and the consent (the personal choices). */
  children?: ReactNode;
  /** Given in a modal: the visitor follows a link to log in instead. */
  onLogin?: (() => void) | undefined;
}

/**
 * The account part of the signup's "personal info" step (spec §3, §5): username, e-mail with a
 * did-you-mean hint, password, date of birth, gender, and the 18+ / terms consent. The form checks with
 * the same rule functions the server uses and shows the server's messages beside the fields they
 * concern.
 */
export function SignupAccountForm({ tracking, submit, busy, children, onLogin }: SignupAccountFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({});
  const [suggestion, setSuggestion] = useState<{ for: string; address: string } | null>(null);
  const [emailTaken, setEmailTaken] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const problemText = (code: string) =>
    t(`validation.${code}`, {
      min: PASSWORD_MIN_LENGTH,
      minAge: MIN_AGE,
      nameMin: NAME_MIN_LENGTH,
      nameMax: NAME_MAX_LENGTH,
    });

  /** The form's (first) input for a field; radio groups answer their first button. */
  function inputNamed(field: SignupField): HTMLInputElement | null {
    return form.current?.querySelector<HTMLInputElement>(`[name="${field}"], [name^="${field}_"]`) ?? null;
  }

  function readValues(): SignupFormValues {
    const data = new FormData(form.current!);
    return {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? '').trim(),
      password: String(data.get('password') ?? ''),
      date_of_birth: birthDateValue(data, 'date_of_birth'),
      gender: String(data.get('gender') ?? ''),
      accept_terms: data.get('accept_terms') === 'on',
    };
  }

  function focusFirst(fields: Partial<Record<SignupField, unknown>>) {
    const first = FIELDS.find((field) => fields[field]);
    if (first) inputNamed(first)?.focus();
  }

  /** A field's message goes once the visitor changes that field. */
  function clearError(field: SignupField) {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function onEmailBlur() {
    const values = readValues();
    if (!values.email) return;
    const check = checkSignupForm(values, new Date());
    setSuggestion(check.suggestion ? { for: values.email, address: check.suggestion } : null);
  }

  function applySuggestion() {
    const input = inputNamed('email');
    if (!input || !suggestion) return;
    input.value = suggestion.address;
    setSuggestion(null);
    setErrors((current) => ({ ...current, email: undefined }));
    input.focus();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const values = readValues();
    // Submitting again after seeing the hint for this very address means: keep it as typed.
    const keepEmail = suggestion?.for === values.email;
    const check = checkSignupForm(values, new Date(), keepEmail);
    setSuggestion(check.suggestion ? { for: values.email, address: check.suggestion } : null);
    const problems = Object.fromEntries(
      Object.entries(check.problems).map(([field, code]) => [field, problemText(code)]),
    );
    setErrors(problems);
    setFormError(null);
    setEmailTaken(false);
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }

    try {
      await submit({
        name: values.name.trim(),
        email: values.email,
        password: values.password,
        date_of_birth: values.date_of_birth,
        gender: values.gender as 'male' | 'female',
        accept_terms: values.accept_terms,
        ...(keepEmail ? { keep_email: true } : {}),
        ...(hasTracking(tracking) ? { tracking } : {}),
      });
    } catch (error) {
      const message = errorText(error, t);
      const fields = fieldErrors(error);
      if (error instanceof ApiRequestError) {
        const field = SIGNUP_ERROR_FIELDS[error.code];
        if (field) fields[field] = message;
        setEmailTaken(error.code === 'email_taken');
        const offered = error.body.suggestion;
        if (typeof offered === 'string') setSuggestion({ for: values.email, address: offered });
      }
      setErrors(fields);
      setFormError(message);
      focusFirst(fields);
    }
  }

  return (
    <form
      ref={form}
      className="stack-form"
      method="post"
      noValidate
      data-testid="signup-form"
      onSubmit={(e) => void onSubmit(e)}
      onChange={(e) => {
        const target: EventTarget = e.target;
        if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) {
          clearError(fieldOfControl(target.name, 'date_of_birth') as SignupField);
        }
      }}
    >
      <Field
        name="name"
        label={t('signup.name')}
        hint={t('signup.name_hint')}
        autoComplete="nickname"
        autoCapitalize="off"
        maxLength={NAME_MAX_LENGTH}
        required
        error={errors.name}
      />
      <Field
        name="email"
        type="email"
        label={t('signup.email')}
        hint={t('signup.email_hint')}
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email}
        onBlur={onEmailBlur}
        onInput={(event) => {
          if (suggestion && event.currentTarget.value.trim() !== suggestion.for) setSuggestion(null);
        }}
        after={
          suggestion ? (
            <div className="email-suggestion" data-testid="email-suggestion">
              <span>{t('signup.email_suggestion', { suggestion: suggestion.address })}</span>
              <button type="button" className="btn btn-secondary btn-sm" onClick={applySuggestion}>
                {t('signup.use_suggestion', { suggestion: suggestion.address })}
              </button>
              <span className="email-suggestion-keep">{t('signup.keep_email')}</span>
            </div>
          ) : null
        }
      />
      <PasswordField
        name="password"
        label={t('signup.password')}
        hint={t('signup.password_hint', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        required
        error={errors.password}
      />
      <BirthDateField
        name="date_of_birth"
        label={t('signup.date_of_birth')}
        hint={t('signup.date_of_birth_hint', { minAge: MIN_AGE })}
        error={errors.date_of_birth}
      />
      <fieldset
        className={errors.gender ? 'field has-error' : 'field'}
        aria-describedby={errors.gender ? 'signup-gender-error' : undefined}
      >
        <legend>{t('signup.gender')}</legend>
        <div className="choice-row">
          <label className="choice">
            <input type="radio" name="gender" value="female" required />
            <span>{t('signup.gender_female')}</span>
          </label>
          <label className="choice">
            <input type="radio" name="gender" value="male" required />
            <span>{t('signup.gender_male')}</span>
          </label>
        </div>
        <p id="signup-gender-error" className="field-error" aria-live="polite">
          {errors.gender}
        </p>
      </fieldset>
      {children}
      <div className={errors.accept_terms ? 'field field-check has-error' : 'field field-check'}>
        <label className="choice">
          <input
            type="checkbox"
            name="accept_terms"
            required
            aria-invalid={errors.accept_terms ? true : undefined}
            aria-describedby="signup-terms-error"
          />
          <span>
            <Trans
              i18nKey="signup.accept_terms"
              values={{ minAge: MIN_AGE }}
              components={{
                terms: <a href={LINKS.terms} target="_blank" rel="noopener" />,
                privacy: <a href={LINKS.privacy} target="_blank" rel="noopener" />,
              }}
            />
          </span>
        </label>
        <p id="signup-terms-error" className="field-error" aria-live="polite">
          {errors.accept_terms}
        </p>
      </div>
      <FormError message={formError} />
      {emailTaken ? (
        <p className="form-aside">
          {t('signup.have_account')}{' '}
          <a href={LINKS.login} data-testid="signup-login-link" onClick={onLogin}>
            {t('signup.login_link')}
          </a>
        </p>
      ) : null}
      {/* Pressed before hydration, it is held and pressed again once hydrated (client:early). */}
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={busy} aria-busy={busy}>
        {busy ? t('form.busy') : t('signup.submit')}
      </button>
    </form>
  );
}
