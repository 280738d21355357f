import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlainActivation, SIGNUP_CTA_SELECTOR } from '@datekit/runtime/rules/lander-intent';
import type { SignupAvailability } from '@datekit/runtime/rules/signup-form';
import type { SignupStep } from '@datekit/runtime/rules/signup-steps';
import {
  $signupModal,
  closeSignupModal,
  intentTracking,
  openFromPendingIntent,
  openSignupModal,
  setSignupPending,
  type SignupIntentScope,
} from '@datekit/runtime/stores/signup-modal';
import { $user } from '@datekit/runtime/stores/user';
import { LINKS } from '../site/links.ts';
import { UiProvider } from './ui.tsx';
// The steps' styles, imported here as well as by the steps: Astro inlines every island's CSS into the
// page and deletes the files, but Vite 8 still made the lazy import below wait for the steps' stylesheet
// file, which failed, so the modal never opened. Imported by the modal, the CSS is no dependency of the
// lazy chunk; the page carries it inline either way.
import './ProfileCard.css';
import './birth-date.css';
import './signup-steps/activation-mail.css';
import './signup-steps/signup-steps.css';

// The steps' code loads when the modal first opens, not with every page that merely may open it.
const SignupStepsContent = lazy(() =>
  import('./SignupSteps.tsx').then((module) => ({ default: module.SignupStepsContent })),
);

interface Props {
  lang: string;
  /** The brand's name, for the introduction. */
  site: string;
  /** Who may sign up on this brand (spec §4). */
  signups: SignupAvailability;
}

/**
 * The signup modal (spec §2 Modals): opened by any `[data-signup-cta]` element, or at once when a
 * lander's call-to-action loaded this island (the click left `window.__datekitSignupIntent`). It hosts
 * the signup steps (spec §4). The visitor may close it by backdrop, Escape or the close button, except
 * while a request of the steps is on its way; it also closes when the signup ends or sends the
 * visitor to log in.
 */
export default function SignupModal({ lang, site, signups }: Props) {
  return (
    <UiProvider lang={lang}>
      <SignupModalContent site={site} signups={signups} />
    </UiProvider>
  );
}

function SignupModalContent({ site, signups }: Omit<Props, 'lang'>) {
  const { t } = useTranslation();
  const state = useStore($signupModal);
  const user = useStore($user);
  const dialog = useRef<HTMLDialogElement>(null);

  // A click that hydrated this island opens it now; later clicks are caught here, before navigation.
  useEffect(() => {
    openFromPendingIntent(window as SignupIntentScope, location.href);
    const onClick = (event: globalThis.MouseEvent) => {
      // Clicks that open a new tab or window keep the browser's behaviour.
      if (!isPlainActivation(event)) return;
      const target = event.target instanceof Element ? event.target.closest(SIGNUP_CTA_SELECTOR) : null;
      if (!target) return;
      event.preventDefault();
      const href = target.getAttribute('href') ?? undefined;
      openSignupModal({ tracking: intentTracking(href ? { href } : {}, location.href) });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  // The title says what the last step is ("Your account is ready"), not "Create your free account".
  const [done, setDone] = useState(false);
  const onStepChange = useCallback((step: SignupStep) => setDone(step === 'confirm'), []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (state.open && !element.open) element.showModal();
    if (!state.open && element.open) element.close();
  }, [state.open]);

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // The store decides: Escape closes only when no signup is pending.
    event.preventDefault();
    closeSignupModal('dismiss');
  }

  function onClose() {
    // Browsers let a repeated Escape through despite a cancelled event: keep the store and dialog agreed.
    const element = dialog.current;
    if (!element || !$signupModal.get().open) return;
    if (!closeSignupModal('dismiss')) element.showModal();
  }

  function onBackdropClick(event: MouseEvent<HTMLDialogElement>) {
    // The card fills the dialog, so a click on the dialog element itself landed on the backdrop.
    if (event.target === event.currentTarget) closeSignupModal('dismiss');
  }

  return (
    <dialog
      ref={dialog}
      className="signup-modal"
      aria-labelledby="signup-modal-title"
      aria-busy={state.pending}
      data-testid="signup-modal"
      onCancel={onCancel}
      onClose={onClose}
      onClick={onBackdropClick}
    >
      {state.open ? (
        <div className="signup-modal-card">
          <div className="signup-modal-head">
            <h2 id="signup-modal-title">{done ? t('signup_more.done_title') : t('signup.title')}</h2>
            <button
              type="button"
              className="signup-modal-close"
              aria-label={t('signup_modal.close')}
              disabled={state.pending}
              data-testid="signup-modal-close"
              onClick={() => closeSignupModal('dismiss')}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <p className="signup-modal-intro">{done ? t('signup_more.done_intro') : t('signup.intro', { site })}</p>
          <Suspense fallback={<p className="signup-modal-loading">{t('form.busy')}</p>}>
            <SignupStepsContent
              signups={signups}
              tracking={state.tracking}
              onPendingChange={setSignupPending}
              onClosed={() => closeSignupModal('closed')}
              onLogin={() => closeSignupModal('login')}
              onStepChange={onStepChange}
            />
          </Suspense>
          {user ? null : (
            <p className="signup-modal-foot">
              {t('signup.have_account')}{' '}
              <a href={LINKS.login} data-testid="signup-modal-login" onClick={() => closeSignupModal('login')}>
                {t('signup.login_link')}
              </a>
            </p>
          )}
          <p className="visually-hidden" aria-live="polite">
            {state.pending ? t('signup_modal.pending') : ''}
          </p>
        </div>
      ) : null}
    </dialog>
  );
}
