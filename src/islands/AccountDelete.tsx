import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccount, loadDeletionOffer, type DeletionOffer } from '@datekit/runtime/stores/account';
import { LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import { FormError, PasswordField } from './Field.tsx';
import { useHydrated } from './hooks.ts';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

type Step = { name: 'start' } | { name: 'offer'; offer: DeletionOffer } | { name: 'confirm'; offer: DeletionOffer };

/**
 * The delete-account flow: first the retention offer (the company's delete_discount, when it has one),
 * then the password to confirm. Afterwards the member is logged out and lands on /account-deleted.
 */
export default function AccountDelete({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <AccountDeleteContent />
    </UiProvider>
  );
}

function AccountDeleteContent() {
  const { t } = useTranslation();
  const member = useMember();
  const hydrated = useHydrated();
  const [step, setStep] = useState<Step>({ name: 'start' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Until the member is known the button shows, disabled as before hydration: the panel keeps its size.
  if (member === null) return <MemberPending member={member} />;

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const offer = await loadDeletionOffer();
      setStep(offer.delete_discount > 0 ? { name: 'offer', offer } : { name: 'confirm', offer });
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(String(new FormData(event.currentTarget).get('password') ?? ''));
      window.location.assign(LINKS.accountDeleted);
    } catch (failure) {
      setBusy(false);
      setError(errorText(failure, t));
    }
  }

  if (step.name === 'offer') {
    return (
      <div className="notice" data-testid="delete-offer">
        <p>
          <strong>{t('settings.delete_offer_title', { percent: step.offer.delete_discount })}</strong>
        </p>
        <p>{t('settings.delete_offer_text', { percent: step.offer.delete_discount })}</p>
        <p className="page-links">
          <a className="btn btn-primary" href={LINKS.credits} data-testid="delete-offer-accept">
            {t('settings.delete_offer_accept')}
          </a>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setStep({ name: 'confirm', offer: step.offer })}
          >
            {t('settings.delete_offer_decline')}
          </button>
        </p>
      </div>
    );
  }
  if (step.name === 'confirm') {
    return (
      <form className="stack-form" noValidate data-testid="delete-form" onSubmit={(e) => void onSubmit(e)}>
        <p>{t('settings.delete_confirm_text', { days: step.offer.grace_days })}</p>
        <PasswordField
          name="password"
          label={t('settings.password_current')}
          autoComplete="current-password"
          required
        />
        <FormError message={error} />
        <p className="page-links">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('form.busy') : t('settings.delete_confirm')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setStep({ name: 'start' })}>
            {t('settings.delete_cancel')}
          </button>
        </p>
      </form>
    );
  }
  return (
    <>
      <FormError message={error} />
      <button
        type="button"
        className="btn btn-ghost"
        disabled={!hydrated || !member || busy}
        data-testid="delete-start"
        onClick={() => void start()}
      >
        {t('settings.delete_start')}
      </button>
    </>
  );
}
