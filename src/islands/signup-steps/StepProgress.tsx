import { useTranslation } from 'react-i18next';
import { SIGNUP_STEPS, stepProgress, type SignupStep } from '@datekit/runtime/rules/signup-steps';

/**
 * Where the visitor is in the signup: a bar of the five steps (done, current, to come) and "Step 2 of
 * 5" for assistive technology and small screens; "All 5 steps done" once the account exists.
 */
export function StepProgress({ step }: { step: SignupStep }) {
  const { t } = useTranslation();
  const { number, total } = stepProgress(step);
  const done = step === 'confirm' ? total : number - 1;
  return (
    <div className="step-progress" data-testid="signup-progress">
      <p className="step-progress-text">
        {step === 'confirm' ? t('signup_more.done_progress', { total }) : t('steps.progress', { number, total })}
      </p>
      <ol className="step-progress-bar">
        {SIGNUP_STEPS.map((name, index) => (
          <li
            key={name}
            className={index < done ? 'is-done' : index === done ? 'is-current' : undefined}
            aria-current={index === done && step !== 'confirm' ? 'step' : undefined}
          >
            <span className="visually-hidden">{t(`steps.name_${name}`)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

interface StepNavProps {
  onBack?: (() => void) | null;
  onSkip?: (() => void) | null;
  /** The primary button; `submit` when it belongs to the step's form. */
  next?: { label: string; onClick?: () => void; submit?: boolean } | null;
  busy?: boolean;
}

/** Back, skip and next of one step, in that order; only those the step has. */
export function StepNav({ onBack, onSkip, next, busy }: StepNavProps) {
  const { t } = useTranslation();
  return (
    <div className="step-nav">
      {onBack ? (
        <button type="button" className="btn btn-ghost" disabled={busy} data-testid="signup-step-back" onClick={onBack}>
          {t('steps.back')}
        </button>
      ) : null}
      {onSkip ? (
        <button
          type="button"
          className="btn btn-ghost step-skip"
          disabled={busy}
          data-testid="signup-step-skip"
          onClick={onSkip}
        >
          {t('steps.skip')}
        </button>
      ) : null}
      {next ? (
        <button
          type={next.submit ? 'submit' : 'button'}
          className="btn btn-primary step-next"
          disabled={busy}
          aria-busy={busy}
          data-testid="signup-step-next"
          onClick={next.onClick}
        >
          {busy ? t('form.busy') : next.label}
        </button>
      ) : null}
    </div>
  );
}
