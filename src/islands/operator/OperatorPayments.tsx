import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $payments, loadPayments, refundPayment, type PaymentFilter } from '@datekit/runtime/stores/operator/payments';
import { $operator, $operatorBrands, operatorMay } from '@datekit/runtime/stores/operator/session';
import { paymentsCsv, vatByCountry, vatSummaryCsv, VAT_SUMMARY_COLUMNS } from '@datekit/runtime/rules/payments-export';
import { OPERATOR_PAYMENTS_PAGE, type OperatorPaymentJson } from '@datekit/runtime/schemas/api/operator/payments';
import { UiProvider } from '../ui.tsx';
import { downloadCsv } from './download-csv.ts';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';
import { PaymentReversal } from './PaymentReversal.tsx';
import { consoleDates } from './console-dates.ts';

const STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired', 'refunded', 'charged_back'] as const;

/** Payments of every brand, filtered; a refund within refund_days for roles that may. */
export default function OperatorPayments({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Payments lang={lang} />
    </UiProvider>
  );
}

function filterFromUrl(): PaymentFilter {
  if (typeof window === 'undefined') return {};
  const params = new URLSearchParams(window.location.search);
  return Object.fromEntries(
    ['brand', 'status'].flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])),
  );
}

function Payments({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const payments = loadedData(useStore($payments));
  const brands = useStore($operatorBrands);
  const operator = useStore($operator);
  // The start page links here with a brand and a status (`?brand=…&status=failed`).
  const [filter, setFilter] = useState<PaymentFilter>(filterFromUrl);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadPayments(filter).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [filter, t]);

  function onFilter(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setFilter(Object.fromEntries([...data].filter(([, v]) => String(v) !== '').map(([k, v]) => [k, String(v)])));
  }

  async function refund(id: number) {
    const reason = window.prompt(t('op.payments.refund_reason'));
    if (!reason) return;
    setError(null);
    try {
      const answer = await refundPayment(id, reason);
      setMessage(t('op.payments.refunded', { credits: answer.credits }));
    } catch (failure) {
      setError(opErrorText(failure, t));
    }
  }

  const dates = consoleDates(lang);
  const money = (currency: string, cents: number) =>
    new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
  const percent = (rate: number | null) =>
    rate === null
      ? t('op.vat.no_vat')
      : new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100);
  const select = (name: string, values: readonly string[], label: (v: string) => string) => (
    // Keyed by its options, so the filter from the address is selected once the brands have loaded.
    <select name={name} defaultValue={filter[name] ?? ''} key={`${name}-${values.length}`}>
      <option value="">{t('op.members.any')}</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {label(v)}
        </option>
      ))}
    </select>
  );
  return (
    <>
      <form className="op-filters" onSubmit={onFilter}>
        <label>
          {t('op.col.brand')}
          {select('brand', brands, (v) => v)}
        </label>
        <label>
          {t('op.payments.method')}
          <input name="method" placeholder="creditcard" size={12} />
        </label>
        <label>
          {t('op.col.status')}
          {select('status', STATUSES, (v) => t(`op.pay.${v}`))}
        </label>
        <label>
          {t('op.payments.from')}
          <input name="from" type="date" />
        </label>
        <label>
          {t('op.payments.to')}
          <input name="to" type="date" />
        </label>
        <button className="op-button secondary" type="submit">
          {t('op.audit.filter')}
        </button>
      </form>
      <p role="status">{message}</p>
      <OpError message={error} />
      {payments && payments.length === 0 && <p>{t('op.payments.none')}</p>}
      {payments && payments.length > 0 && (
        <p>
          <button
            className="op-button secondary"
            type="button"
            data-testid="op-payments-csv"
            onClick={() => downloadCsv('payments.csv', paymentsCsv(payments))}
          >
            {t('op.payments.csv')}
          </button>
          {payments.length >= OPERATOR_PAYMENTS_PAGE && (
            <span className="op-muted"> {t('op.payments.page_full', { limit: OPERATOR_PAYMENTS_PAGE })}</span>
          )}
        </p>
      )}
      {payments && payments.length > 0 && (
        <table className="op-table" data-testid="op-payments">
          <thead>
            <tr>
              <th>{t('op.col.id')}</th>
              <th>{t('op.col.date')}</th>
              <th>{t('op.col.email')}</th>
              <th>{t('op.col.brand')}</th>
              <th>{t('op.payments.method')}</th>
              <th>{t('op.vat.col.country')}</th>
              <th>{t('op.payments.amount')}</th>
              <th>{t('op.vat.col.vat_cents')}</th>
              <th>{t('op.col.status')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id} data-payment-id={p.id}>
                <td>{p.id}</td>
                <td>{dates.dateTime(p.created_at)}</td>
                <td>
                  <a href={`/member?id=${p.member_id}`}>{p.email}</a>
                </td>
                <td>{p.brand}</td>
                <td>{p.method}</td>
                <td>{p.country}</td>
                <td>
                  {money(p.currency, p.amount_cents)}
                  {p.discount_code ? ` (${p.discount_code})` : ''}
                </td>
                <td>{p.vat_cents === null ? '–' : `${money(p.currency, p.vat_cents)} (${percent(p.vat_rate)})`}</td>
                <td>
                  {t(`op.pay.${p.status}`)}
                  <PaymentReversal payment={p} lang={lang} />
                </td>
                <td>
                  {p.refundable && operatorMay(operator, 'payments.refund') && (
                    <button className="op-button secondary" type="button" onClick={() => void refund(p.id)}>
                      {t('op.payments.refund')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {payments && payments.length > 0 && <VatSummary payments={payments} money={money} percent={percent} />}
    </>
  );
}

/** Paid payments per country, currency and VAT rate, with their CSV: the figures of an OSS return. */
function VatSummary({
  payments,
  money,
  percent,
}: {
  payments: OperatorPaymentJson[];
  money: (currency: string, cents: number) => string;
  percent: (rate: number | null) => string;
}) {
  const { t } = useTranslation();
  const rows = vatByCountry(payments);
  return (
    <section aria-labelledby="op-vat-title">
      <h2 id="op-vat-title">{t('op.vat.title')}</h2>
      <p className="op-muted">{t('op.vat.intro')}</p>
      <button
        className="op-button secondary"
        type="button"
        data-testid="op-vat-csv"
        onClick={() => downloadCsv('vat-by-country.csv', vatSummaryCsv(rows))}
      >
        {t('op.payments.csv')}
      </button>
      <table className="op-table" data-testid="op-vat-summary">
        <thead>
          <tr>
            {VAT_SUMMARY_COLUMNS.map((key) => (
              <th key={key} scope="col">
                {t(`op.vat.col.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.country}-${row.currency}-${row.vat_rate}`}>
              <td>{row.country}</td>
              <td>{row.currency}</td>
              <td>{percent(row.vat_rate)}</td>
              <td>{row.payments}</td>
              <td>{row.net_cents === null ? '–' : money(row.currency, row.net_cents)}</td>
              <td>{row.vat_cents === null ? '–' : money(row.currency, row.vat_cents)}</td>
              <td>{money(row.currency, row.amount_cents)}</td>
              <td>{money(row.currency, row.refunded_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
