import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@datekit/runtime/rules/payments';
import type { DirectDebitStatus, MandateRequest } from '@datekit/runtime/schemas/api/direct-debit';
import { confirmMandate, loadDirectDebit, payByDirectDebit, startMandate } from '@datekit/runtime/stores/direct-debit';
import { $creditOffers } from '@datekit/runtime/stores/payments';
import { bundlePaymentLink } from '../site/links.ts';
import { errorText } from './errors.ts';
import { Field, FormError } from './Field.tsx';
import { useHydrated } from './hooks.ts';
import { LoadFailed, Loading } from './LoadStatus.tsx';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';
import './Payments.css';

const MANDATE_FIELDS = ['account_holder', 'iban', 'street', 'house_number', 'zip', 'city', 'phone'] as const;
const AUTOCOMPLETE: Record<(typeof MANDATE_FIELDS)[number], string> = {
  account_holder: 'name',
  iban: 'off',
  street: 'address-line1',
  house_number: 'address-line2',
  zip: 'postal-code',
  city: 'address-level2',
  phone: 'tel',
};

/**
 * Direct debit (spec §4): the member enters a mandate, confirms it with the code texted to their
 * phone, then buys a bundle from it without a checkout, within the limits the server enforces.
 */
export default function DirectDebit({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <DirectDebitContent />
    </UiProvider>
  );
}

function DirectDebitContent() {
  const member = useMember();
  const [status, setStatus] = useState<DirectDebitStatus | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const memberId = member?.profile.id;
  useEffect(() => {
    if (!memberId) return;
    loadDirectDebit().then(setStatus, setFailure);
  }, [memberId]);
  if (!member) return <MemberPending member={member} />;
  if (failure) return <LoadFailed error={failure} />;
  if (!status) return <Loading />;
  return <DirectDebitScreen status={status} onChange={setStatus} />;
}

function DirectDebitScreen({
  status,
  onChange,
}: {
  status: DirectDebitStatus;
  onChange: (s: DirectDebitStatus) => void;
}) {
  const { t, i18n } = useTranslation();
  const { limits } = status;
  const money = (cents: number) => formatCents(cents, 'EUR', i18n.language);
  if (status.blocked) {
    return (
      <p className="notice notice-error" role="alert" data-testid="directdebit-blocked">
        {t('directdebit.blocked')}
      </p>
    );
  }
  return (
    <div className="directdebit" data-testid="directdebit">
      <p className="directdebit-limits" data-testid="directdebit-limits">
        {t('directdebit.limits', {
          max: money(limits.max_cents),
          days: limits.period_days,
          used: money(limits.used_cents),
          open: limits.max_open,
        })}
      </p>
      {status.mandate?.status === 'valid' ? (
        <section className="panel" aria-labelledby="directdebit-mandate">
          <h2 id="directdebit-mandate">{t('directdebit.mandate_title')}</h2>
          <p data-testid="directdebit-mandate">
            {t('directdebit.mandate_valid', { holder: status.mandate.account_holder, iban: status.mandate.iban })}
          </p>
          <DebitBundles onPaid={() => void loadDirectDebit().then(onChange)} />
        </section>
      ) : null}
      {status.mandate?.status === 'pending' ? <CodeForm phone={status.mandate.phone} onChange={onChange} /> : null}
      <MandateForm replacing={status.mandate !== null} onChange={onChange} />
    </div>
  );
}

function MandateForm({ replacing, onChange }: { replacing: boolean; onChange: (s: DirectDebitStatus) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const mandate = Object.fromEntries(
      MANDATE_FIELDS.map((f) => [f, String(data.get(f) ?? '').trim()]),
    ) as MandateRequest;
    setBusy(true);
    setError(null);
    try {
      onChange(await startMandate(mandate));
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="directdebit-new">
      <h2 id="directdebit-new">{replacing ? t('directdebit.new_mandate_title') : t('directdebit.mandate_title')}</h2>
      <p>{t('directdebit.mandate_intro')}</p>
      <form className="stack-form" noValidate data-testid="directdebit-form" onSubmit={(e) => void onSubmit(e)}>
        {MANDATE_FIELDS.map((field) => (
          <Field
            key={field}
            name={field}
            label={t(`directdebit.field_${field}`)}
            autoComplete={AUTOCOMPLETE[field]}
            type={field === 'phone' ? 'tel' : 'text'}
            required
          />
        ))}
        <FormError message={error} />
        <button type="submit" className="btn btn-primary" disabled={!hydrated || busy} aria-busy={busy}>
          {busy ? t('form.busy') : t('directdebit.send_code')}
        </button>
      </form>
    </section>
  );
}

function CodeForm({ phone, onChange }: { phone: string; onChange: (s: DirectDebitStatus) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      onChange(await confirmMandate(code));
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="directdebit-code">
      <h2 id="directdebit-code">{t('directdebit.code_title')}</h2>
      <form className="stack-form" noValidate data-testid="directdebit-code-form" onSubmit={(e) => void onSubmit(e)}>
        <Field
          name="code"
          label={t('directdebit.code_label', { phone })}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <FormError message={error} />
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? t('form.busy') : t('directdebit.confirm')}
        </button>
      </form>
    </section>
  );
}

function DebitBundles({ onPaid }: { onPaid: () => void }) {
  const { t, i18n } = useTranslation();
  const offers = useStore($creditOffers, { ssr: 'initial' });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (offers.status === 'failed') return <LoadFailed error={offers.error} />;
  if (offers.status !== 'ready') return <Loading />;
  const { data } = offers;

  async function pay(bundleId: string) {
    setBusy(bundleId);
    setError(null);
    try {
      const payment = await payByDirectDebit(bundleId);
      onPaid();
      window.location.assign(`${bundlePaymentLink(bundleId)}/directdebit?payment=${payment.id}`);
    } catch (failure) {
      setError(errorText(failure, t));
      setBusy(null);
    }
  }

  return (
    <>
      <ul className="shop-bundles">
        {data.bundles.map((bundle) => (
          <li key={bundle.id} className="shop-bundle">
            <p className="shop-credits">
              <strong>{bundle.credits}</strong> {t('payments.credits_unit', { count: bundle.credits })}
            </p>
            <p className="shop-price">{formatCents(bundle.amount_cents, data.currency, i18n.language)}</p>
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={busy !== null}
              aria-busy={busy === bundle.id}
              data-testid={`debit-${bundle.id}`}
              onClick={() => void pay(bundle.id)}
            >
              {t('directdebit.pay')}
            </button>
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </>
  );
}
