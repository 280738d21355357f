import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBERS_AREA_ROUTES } from '@datekit/runtime/routes';
import { TIME_BONUS_MODAL_DELAY_MS, TIME_BONUS_PERCENT, TIME_BONUS_SECONDS } from '@datekit/runtime/rules/constants';
import { HIDE_TIME_BONUS_MODAL_KEY, timeBonusModalDue } from '@datekit/runtime/rules/payments';
import type { DiscountCodeJson } from '@datekit/runtime/schemas/api/payments';
import { loadWelcomeDiscount } from '@datekit/runtime/stores/payments';
import { $timeBonus } from '@datekit/runtime/stores/time-bonus';
import { LINKS } from '../site/links.ts';
import { DockBanner } from './DockBanner.tsx';
import { useMember } from './member.tsx';
import { TimeBonusCountdown } from './TimeBonusCountdown.tsx';
import { UiProvider } from './ui.tsx';
import './Payments.css';

/**
 * A discount in the members area (spec §2, §4), as a banner of the bottom dock: `time-bonus`, while
 * the time bonus runs, with its modal 40 s after entering with 0 credits unless hidden; `welcome`,
 * when no time bonus runs, the welcome discount (a failure to load it is ignored). The layout places
 * the two by priority: the time bonus, which ends, before the alerts; the welcome discount, which
 * waits, after them. Both link to /credits.
 */
export default function DiscountBanner({
  lang,
  route,
  kind,
}: {
  lang: string;
  route: string;
  kind: 'time-bonus' | 'welcome';
}) {
  if (!(MEMBERS_AREA_ROUTES as readonly string[]).includes(route)) return null;
  return <UiProvider lang={lang}>{kind === 'time-bonus' ? <TimeBonusBanner /> : <WelcomeBanner />}</UiProvider>;
}

function TimeBonusBanner() {
  const member = useMember();
  const left = useStore($timeBonus, { ssr: () => null });
  if (!member || member.paid_user || left === null) return null;
  return (
    <>
      <DockBanner testId="time-bonus-banner" tone="offer" actions={<BuyNow />}>
        <TimeBonusCountdown link={false} />
      </DockBanner>
      {/* Beside the banner, not in it: the dock shows one banner at a time and may hide this one. */}
      <TimeBonusModal credits={member.credits} />
    </>
  );
}

function WelcomeBanner() {
  const { t } = useTranslation();
  const member = useMember();
  const left = useStore($timeBonus, { ssr: () => null });
  const [welcome, setWelcome] = useState<DiscountCodeJson | null>(null);
  const unpaid = member ? !member.paid_user : false;
  const bonusRuns = left !== null;
  useEffect(() => {
    if (!unpaid || bonusRuns) return;
    void loadWelcomeDiscount().then(setWelcome);
  }, [unpaid, bonusRuns]);
  if (!member || member.paid_user || bonusRuns || !welcome) return null;
  return (
    <DockBanner testId="welcome-banner" tone="offer" actions={<BuyNow />}>
      <strong>{t('payments.welcome_banner', { percent: welcome.value_percentage })}</strong>
    </DockBanner>
  );
}

function BuyNow() {
  const { t } = useTranslation();
  return (
    <a className="btn btn-sm btn-secondary" href={LINKS.credits}>
      {t('payments.buy_now')}
    </a>
  );
}

function TimeBonusModal({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const left = useStore($timeBonus);
  const dialog = useRef<HTMLDialogElement>(null);
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const hidden = typeof localStorage !== 'undefined' && localStorage.getItem(HIDE_TIME_BONUS_MODAL_KEY) !== null;
  const show = due && timeBonusModalDue({ secondsLeft: left, credits, hidden });
  useEffect(() => {
    const element = dialog.current;
    if (show && element && !element.open) element.showModal();
  }, [show]);
  const hide = () => {
    localStorage.setItem(HIDE_TIME_BONUS_MODAL_KEY, String(Math.floor(Date.now() / 1000)));
    dialog.current?.close();
    setDue(false);
  };
  if (!show) return null;
  return (
    <dialog ref={dialog} className="time-bonus-modal" data-testid="time-bonus-modal" onClose={hide}>
      <h2>{t('payments.time_bonus_modal_title', { percent: TIME_BONUS_PERCENT })}</h2>
      <p>{t('payments.time_bonus_modal_text', { percent: TIME_BONUS_PERCENT, hours: TIME_BONUS_SECONDS / 3600 })}</p>
      <TimeBonusCountdown link={false} />
      <p className="outcome-actions">
        <a className="btn btn-primary" href={LINKS.credits} onClick={hide}>
          {t('payments.buy_now')}
        </a>
        <button className="btn btn-ghost" type="button" onClick={hide}>
          {t('payments.close')}
        </button>
      </p>
    </dialog>
  );
}
