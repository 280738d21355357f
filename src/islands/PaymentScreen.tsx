import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor, ROUTES } from '@datekit/runtime/routes';
import { formatCents } from '@datekit/runtime/rules/payments';
import { routeParams } from '@datekit/runtime/rules/route-params';
import { $creditOffers, startCheckout } from '@datekit/runtime/stores/payments';
import { LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import { HeldDiscountNote } from './HeldDiscountNote.tsx';
import { useHydrated } from './hooks.ts';
import { LoadFailed, Loading } from './LoadStatus.tsx';
import { MemberPending, useMember } from './member.tsx';
import { PaymentMethodMark } from './PaymentMethodMark.tsx';
import { PaymentMethodName } from './PaymentMethodName.tsx';
import { PaymentOutcome } from './PaymentOutcome.tsx';
import { returnedPaymentId } from './payment-return.ts';
import { UiProvider } from './ui.tsx';
import './Payments.css';

const ROUTE_PATH = ROUTES.find((route) => route.name === 'credits-id-paymentmethod')!.path;

/**
 * Route credits-id-paymentmethod: the chosen bundle, the method (from the URL or chosen here) and the
 * button to the provider's checkout. Coming back from the checkout (`?payment=`), it shows the
 * payment's outcome instead.
 */
export default function PaymentScreen({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <PaymentScreenContent />
    </UiProvider>
  );
}

function PaymentScreenContent() {
  const hydrated = useHydrated();
  const member = useMember();
  if (!hydrated) return <MemberPending member={undefined} />;
  if (!member) return <MemberPending member={member} />;
  const params = routeParams(ROUTE_PATH, location.pathname) ?? {};
  const returned = returnedPaymentId(location.search);
  if (returned !== null) return <PaymentOutcome paymentId={returned} />;
  return <Checkout bundleId={params.id ?? ''} method={params.paymentmethod} />;
}

function Checkout({ bundleId, method }: { bundleId: string; method: string | undefined }) {
  const { t, i18n } = useTranslation();
  const offers = useStore($creditOffers);
  const [chosen, setChosen] = useState<string | undefined>(method);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (offers.status === 'failed') return <LoadFailed error={offers.error} />;
  if (offers.status !== 'ready') return <Loading />;
  const { data } = offers;
  const bundle = data.bundles.find((b) => b.id === bundleId);
  if (!bundle) {
    return (
      <div className="form-notice" data-testid="bundle-missing">
        <p>{t('payments.bundle_missing')}</p>
        <a className="btn btn-primary" href={LINKS.credits}>
          {t('payments.all_bundles')}
        </a>
      </div>
    );
  }
  const selected = chosen && data.methods.includes(chosen) ? chosen : undefined;
  const price = (cents: number) => formatCents(cents, data.currency, i18n.language);
  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    setBusy(true);
    setError(null);
    try {
      location.assign(await startCheckout(bundle.id, selected));
    } catch (failure) {
      setError(errorText(failure, t));
      setBusy(false);
    }
  };
  return (
    <form className="checkout panel" onSubmit={(e) => void pay(e)} data-testid="checkout">
      <h2>{t('payments.your_order')}</h2>
      <dl className="facts">
        <div className="fact">
          <dt>{t('payments.credits')}</dt>
          <dd className="fact-big">{bundle.credits}</dd>
        </div>
        <div className="fact">
          <dt>{t('payments.amount')}</dt>
          <dd className="fact-big" data-testid="checkout-amount">
            {bundle.amount_cents !== bundle.list_amount_cents && (
              <s className="shop-list-price">{price(bundle.list_amount_cents)}</s>
            )}{' '}
            {price(bundle.amount_cents)}
          </dd>
        </div>
      </dl>
      {data.discount && bundle.amount_cents !== bundle.list_amount_cents && (
        <p className="discount-note">
          {t('payments.discount_applied', { percent: data.discount.value_percentage })} ({data.discount.code})
        </p>
      )}
      <HeldDiscountNote held={data.held_discount} />
      <fieldset className="methods">
        <legend>{t('payments.choose_method')}</legend>
        <div className="method-cards">
          {data.methods.map((m) => (
            <label key={m} className="method-card">
              <input
                type="radio"
                name="method"
                value={m}
                checked={selected === m}
                onChange={() => {
                  setChosen(m);
                  history.replaceState(
                    null,
                    '',
                    pathFor('credits-id-paymentmethod', { id: bundle.id, paymentmethod: m }),
                  );
                }}
                data-testid={`method-${m}`}
              />
              <PaymentMethodMark method={m} />
              <span className="method-card-name">
                <PaymentMethodName method={m} />
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button
        className="btn btn-primary btn-lg btn-block"
        type="submit"
        disabled={!selected || busy}
        data-testid="pay"
        data-primary-action
      >
        {t('payments.pay', { amount: price(bundle.amount_cents) })}
      </button>
      <p className="page-note">{t('payments.refund_note')}</p>
    </form>
  );
}
