import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  activationReminderMode,
  isSmartphone,
  showsActivationReminder,
  withoutSignupCompleteFlag,
  type ActivationReminderMode,
} from '@datekit/runtime/rules/activation-reminder';
import { DockBanner } from './DockBanner.tsx';
import { useHydrated } from './hooks.ts';
import { useMember } from './member.tsx';
import { ActivationMailButton } from './signup-steps/ActivationMailButton.tsx';
import { UiProvider } from './ui.tsx';
import './signup-steps/activation-reminder.css';

interface Props {
  lang: string;
  /** The page's route name: the reminder stays away from the signup and settings routes. */
  route: string;
}

/**
 * The activation reminder (spec §4): for a member whose e-mail is not confirmed and whose profile is
 * disabled. The first banner of the bottom dock; on a smartphone arriving with `api_signup_complete`
 * a modal first, which leaves the banner behind once closed.
 */
export default function ActivationReminder({ lang, route }: Props) {
  return (
    <UiProvider lang={lang}>
      <ActivationReminderContent route={route} />
    </UiProvider>
  );
}

/** How the reminder shows on this device and URL; read once, as the page opens. */
function initialMode(): ActivationReminderMode {
  const smartphone = isSmartphone({
    coarsePointer: matchMedia('(pointer: coarse)').matches,
    viewportWidth: innerWidth,
  });
  return activationReminderMode(location.search, smartphone);
}

function ActivationReminderContent({ route }: { route: string }) {
  const member = useMember();
  const hydrated = useHydrated();
  const [modalClosed, setModalClosed] = useState(false);
  const [mode] = useState<ActivationReminderMode | null>(() => (typeof window === 'undefined' ? null : initialMode()));
  if (!hydrated || !member || !showsActivationReminder(member, route)) return null;
  if (mode === 'modal' && !modalClosed) {
    return <ReminderModal email={member.email} onClose={() => setModalClosed(true)} />;
  }
  return (
    <DockBanner testId="activation-reminder" actions={<ActivationMailButton className="btn btn-secondary btn-sm" />}>
      <ReminderText email={member.email} />
    </DockBanner>
  );
}

function ReminderText({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <>
      <strong className="activation-reminder-title">{t('reminder.title')}</strong>{' '}
      <Trans i18nKey="reminder.text" values={{ email }} components={{ strong: <strong /> }} />
    </>
  );
}

function ReminderModal({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Closed once is enough: a reload or a shared link must not bring the modal back.
    history.replaceState(history.state, '', withoutSignupCompleteFlag(location.href));
  }, []);

  return (
    <dialog
      ref={dialog}
      className="activation-reminder-modal"
      aria-labelledby="activation-reminder-title"
      data-testid="activation-reminder-modal"
      onClose={onClose}
    >
      <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false">
        <rect x="8" y="16" width="48" height="34" rx="6" fill="currentColor" opacity="0.14" />
        <path d="M10 20l22 16 22-16" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      </svg>
      <h2 id="activation-reminder-title">{t('reminder.title')}</h2>
      <p>
        <Trans i18nKey="reminder.text" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <ActivationMailButton />
      <form method="dialog">
        <button type="submit" className="btn btn-primary btn-block" data-testid="activation-reminder-close">
          {t('reminder.ok')}
        </button>
      </form>
    </dialog>
  );
}
