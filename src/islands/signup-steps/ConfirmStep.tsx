import { Trans, useTranslation } from 'react-i18next';
import { pathFor } from '@datekit/runtime/routes';
import { ActivationMailButton } from './ActivationMailButton.tsx';

/** The last step (spec §4): confirm the e-mail address, with the address and a way to have it sent again. */
export function ConfirmStep({ email, onClosed }: { email: string; onClosed?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="signup-done" data-testid="signup-done">
      <svg className="signup-done-icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
        <rect x="8" y="16" width="48" height="34" rx="6" fill="currentColor" opacity="0.14" />
        <path d="M10 20l22 16 22-16" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      </svg>
      <h2 tabIndex={-1} data-step-heading="">
        {t('signup.done_title')}
      </h2>
      <p>
        <Trans i18nKey="signup.done_text" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <p className="form-aside">{t('signup.done_spam')}</p>
      <ActivationMailButton />
      <div className="step-nav step-nav-center">
        <a className="btn btn-primary" href={pathFor('signup-matches')} data-testid="signup-matches-link">
          {t('steps.see_matches')}
        </a>
        {onClosed ? (
          <button type="button" className="btn btn-ghost" data-testid="signup-close" onClick={onClosed}>
            {t('signup_modal.close')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
