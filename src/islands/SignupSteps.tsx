import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasTracking } from '@datekit/runtime/rules/tracking';
import { signupsOpen, type SignupAvailability } from '@datekit/runtime/rules/signup-form';
import { addressedMemberId, isSkippable, previousStep, type SignupStep } from '@datekit/runtime/rules/signup-steps';
import type { Tracking } from '@datekit/runtime/schemas/api/signup';
import { createSignupFlow } from '@datekit/runtime/stores/signup-steps';
import { captureTracking } from '@datekit/runtime/stores/tracking';
import { $user } from '@datekit/runtime/stores/user';
import { LINKS } from '../site/links.ts';
import { useHydrated } from './hooks.ts';
import { AboutStep } from './signup-steps/AboutStep.tsx';
import { ConfirmStep } from './signup-steps/ConfirmStep.tsx';
import { LocationStep } from './signup-steps/LocationStep.tsx';
import { MessageStep } from './signup-steps/MessageStep.tsx';
import { PersonalStep } from './signup-steps/PersonalStep.tsx';
import { PhotoStep } from './signup-steps/PhotoStep.tsx';
import { StepNav, StepProgress } from './signup-steps/StepProgress.tsx';
import { UiProvider } from './ui.tsx';
import './signup-steps/signup-steps.css';

interface Props {
  lang: string;
  /** Who may sign up on this brand (spec §4 signup availability). */
  signups: SignupAvailability;
  /** On `/members/{id}/signup`: the first message is for that member. */
  forMember?: boolean;
  /** The page's heading and intro (build-time copy); the last step swaps them for its summary. */
  heading?: PageHeading | undefined;
}

interface PageHeading {
  title: string;
  intro?: string | undefined;
}

/** The signup steps as a page of their own: /signup and /members/{id}/signup. */
export default function SignupSteps({ lang, signups, forMember = false, heading }: Props) {
  return (
    <UiProvider lang={lang}>
      <SignupStepsContent signups={signups} forMember={forMember} heading={heading} />
    </UiProvider>
  );
}

export interface SignupStepsContentProps {
  signups: SignupAvailability;
  forMember?: boolean;
  /** Tracking that a call-to-action carried; without any, the page's own (URL, then this visit's). */
  tracking?: Tracking | undefined;
  /** Told when a request starts and when it answers (the modal may not close meanwhile). */
  onPendingChange?: ((pending: boolean) => void) | undefined;
  /** Given in a modal: the visitor is done here (last step, or signups closed), offered as a button. */
  onClosed?: (() => void) | undefined;
  /** Given in a modal: the visitor follows a link to log in instead. */
  onLogin?: (() => void) | undefined;
  /** On a page of its own: the `<h1>` and intro, drawn here so that the last step can say what it is. */
  heading?: PageHeading | undefined;
  /** Told when the visitor reaches another step (the modal's title follows the last one). */
  onStepChange?: ((step: SignupStep) => void) | undefined;
}

/**
 * Spec §4's signup: 0 message, 1 photo, 2 about me, 3 personal info (creates the account), 4 location,
 * then "confirm your e-mail". Every step but 3 may be skipped; a progress bar shows where the visitor
 * is; moving to a step moves the focus to its heading.
 */
export function SignupStepsContent({
  signups,
  forMember = false,
  tracking: given,
  onPendingChange,
  onClosed,
  onLogin,
  heading,
  onStepChange,
}: SignupStepsContentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const user = useStore($user, { ssr: 'initial' });
  const [flow] = useState(() =>
    createSignupFlow({
      memberId: typeof location === 'undefined' ? null : addressedMemberId(location.pathname),
      onPendingChange,
    }),
  );
  const state = useStore(flow.$flow);
  const root = useRef<HTMLDivElement>(null);
  const shownStep = useRef(state.step);

  // Tracking and availability depend on the URL, which only the browser knows.
  const tracking = useMemo(
    () => (hydrated ? (given && hasTracking(given) ? given : captureTracking()) : {}),
    [hydrated, given],
  );
  const open = signups === 'all' || (hydrated ? signupsOpen(signups, hasTracking(tracking)) : signups !== 'closed');

  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    root.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [state.step]);

  // Also on mount: a modal opened again starts on the first step, whatever the last one showed.
  useEffect(() => {
    onStepChange?.(state.step);
  }, [state.step, onStepChange]);

  const pageHeading = heading ? (
    state.step === 'confirm' ? (
      <PageHeadingView title={t('signup_more.done_title')} intro={t('signup_more.done_intro')} done />
    ) : (
      <PageHeadingView title={heading.title} intro={heading.intro} />
    )
  ) : null;

  if (!open) {
    return (
      <>
        {pageHeading}
        <div className="form-notice" data-testid="signup-closed">
          <p>{t('signup.closed')}</p>
          {onClosed ? (
            <button type="button" className="btn btn-ghost" data-testid="signup-close" onClick={onClosed}>
              {t('signup_modal.close')}
            </button>
          ) : null}
        </div>
      </>
    );
  }

  // Someone already logged in, who did not just sign up here.
  if (user && !state.email && !state.pending) {
    return (
      <>
        {pageHeading}
        <div className="form-notice" data-testid="signup-logged-in">
          <p>{t('login.logged_in_as', { name: user.profile.name })}</p>
          <a className="btn btn-primary" href={LINKS.home}>
            {t('login.continue')}
          </a>
        </div>
      </>
    );
  }

  const { step } = state;
  return (
    <div ref={root} className="signup-steps" data-testid="signup-steps" data-step={step}>
      {pageHeading}
      <StepProgress step={step} />
      {step === 'message' && (
        <MessageStep state={state} forMember={forMember || state.memberId !== null} onChange={flow.setMessage} />
      )}
      {step === 'photo' && <PhotoStep state={state} onChange={flow.setPhoto} />}
      {step === 'about' && <AboutStep state={state} flow={flow} />}
      {step === 'personal' && <PersonalStep state={state} flow={flow} tracking={tracking} onLogin={onLogin} />}
      {step === 'location' && <LocationStep state={state} flow={flow} />}
      {step === 'confirm' && state.email && <ConfirmStep email={state.email} onClosed={onClosed} />}
      {step === 'message' || step === 'photo' || step === 'about' ? (
        <StepNav
          onBack={previousStep(step) ? flow.back : null}
          onSkip={isSkippable(step) ? flow.skip : null}
          next={{ label: t('steps.next'), onClick: flow.next }}
        />
      ) : null}
    </div>
  );
}

/** The page's heading; on the last step a summary ("Your account is ready") instead of "Create …". */
function PageHeadingView({
  title,
  intro,
  done = false,
}: {
  title: string;
  intro?: string | undefined;
  done?: boolean;
}) {
  return (
    <div className="signup-page-heading">
      <h1 data-testid="signup-heading" data-done={done ? '' : undefined}>
        {title}
      </h1>
      {intro ? <p className="signup-intro">{intro}</p> : null}
    </div>
  );
}
