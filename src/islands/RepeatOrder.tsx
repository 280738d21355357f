import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@datekit/runtime/rules/payments';
import type { RepeatOrder as Offer } from '@datekit/runtime/schemas/api/direct-debit';
import { ApiRequestError } from '@datekit/runtime/api/client';
import { loadRepeatOrder, repeatLastOrder } from '@datekit/runtime/stores/direct-debit';
import { bundlePaymentLink, LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import { FormError } from './Field.tsx';
import { LoadFailed, Loading } from './LoadStatus.tsx';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';
import './Payments.css';

/** Route credits-repeat-order: the last bundle bought, again, with the stored card or mandate in one click. */
export default function RepeatOrder({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <RepeatOrderContent />
    </UiProvider>
  );
}

function RepeatOrderContent() {
  const { t, i18n } = useTranslation();
  const member = useMember();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const memberId = member?.profile.id;
  useEffect(() => {
    if (memberId) loadRepeatOrder().then(setOffer, setFailure);
  }, [memberId]);
  if (!member) return <MemberPending member={member} />;
  if (failure) return <LoadFailed error={failure} />;
  if (!offer) return <Loading />;
  const { bundle, mandate, card, method } = offer;
  if (!bundle) {
    return (
      <p className="notice" data-testid="repeat-nothing">
        {t('repeatorder.nothing')} <a href={LINKS.credits}>{t('nav.credits')}</a>
      </p>
    );
  }

  async function buy(bundleId: string) {
    setBusy(true);
    setError(null);
    try {
      const payment = await repeatLastOrder();
      window.location.assign(`${bundlePaymentLink(bundleId)}/${payment.method}?payment=${payment.id}`);
    } catch (failed) {
      setError(errorText(failed, t));
      // The provider called the stored card unusable: it is gone from the offer, which now asks for a checkout.
      if (failed instanceof ApiRequestError && failed.code === 'stored_card_invalid') {
        await loadRepeatOrder().then(setOffer, setFailure);
      }
      setBusy(false);
    }
  }

  return (
    <section className="panel checkout" data-testid="repeat-order">
      <p className="fact-big">
        {t('repeatorder.summary', {
          credits: bundle.credits,
          amount: formatCents(bundle.amount_cents, bundle.currency, i18n.language),
        })}
      </p>
      <FormError message={error} />
      {method ? (
        <>
          <p data-testid="repeat-stored">
            {method === 'creditcard' && card
              ? t('repeatorder.pay_with_card', { card: card.label })
              : t('repeatorder.pay_with', { holder: mandate?.account_holder, iban: mandate?.iban })}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-lg btn-block"
            disabled={busy}
            aria-busy={busy}
            data-testid="repeat-buy"
            onClick={() => void buy(bundle.id)}
          >
            {busy ? t('form.busy') : t('repeatorder.buy')}
          </button>
        </>
      ) : (
        <p data-testid="repeat-no-mandate">
          {t('repeatorder.no_stored')} <a href={LINKS.credits}>{t('nav.credits')}</a> ·{' '}
          <a href={LINKS.directDebit}>{t('repeatorder.set_up')}</a>
        </p>
      )}
    </section>
  );
}
