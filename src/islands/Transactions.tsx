import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { pathFor, ROUTES } from '@datekit/runtime/routes';
import { formatCents } from '@datekit/runtime/rules/payments';
import { routeParams } from '@datekit/runtime/rules/route-params';
import type { Payment } from '@datekit/runtime/schemas/api/payments';
import { $companyInfo } from '@datekit/runtime/stores/catalog';
import { $payments } from '@datekit/runtime/stores/payments';
import { LINKS } from '../site/links.ts';
import { useFormatDate, useHydrated } from './hooks.ts';
import { LoadFailed, Loading } from './LoadStatus.tsx';
import { MemberPending, useMember } from './member.tsx';
import { PaymentMethodName } from './PaymentMethodName.tsx';
import { UiProvider } from './ui.tsx';
import './Payments.css';

const ROUTE_PATH = ROUTES.find((route) => route.name === 'transactions-id')!.path;

/** Route transactions-id: the member's payments, or one of them with a printable receipt. */
export default function Transactions({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <TransactionsContent />
    </UiProvider>
  );
}

function TransactionsContent() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const member = useMember();
  const payments = useStore($payments);
  if (!hydrated) return <MemberPending member={undefined} />;
  if (!member) return <MemberPending member={member} />;
  if (payments.status === 'failed') return <LoadFailed error={payments.error} />;
  if (payments.status !== 'ready') return <Loading />;
  const id = routeParams(ROUTE_PATH, location.pathname)?.id;
  if (id !== undefined) {
    const payment = payments.data.find((p) => String(p.id) === id);
    if (!payment)
      return (
        <p className="form-notice" data-testid="transaction-missing">
          {t('payments.transaction_missing')} <a href={LINKS.transactions}>{t('payments.all_transactions')}</a>
        </p>
      );
    return <Receipt payment={payment} />;
  }
  if (!payments.data.length)
    return (
      <div className="form-notice" data-testid="transactions-empty">
        <p>{t('payments.no_transactions')}</p>
        <a className="btn btn-primary" href={LINKS.credits}>
          {t('payments.all_bundles')}
        </a>
      </div>
    );
  return <TransactionList payments={payments.data} />;
}

function StatusText({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  return <>{t(`payments.status_${payment.status}`)}</>;
}

function TransactionList({ payments }: { payments: Payment[] }) {
  const { t, i18n } = useTranslation();
  const format = useFormatDate();
  return (
    <table className="transactions" data-testid="transactions">
      <thead>
        <tr>
          <th scope="col">{t('payments.date')}</th>
          <th scope="col">{t('payments.credits')}</th>
          <th scope="col">{t('payments.amount')}</th>
          <th scope="col">{t('payments.status')}</th>
        </tr>
      </thead>
      <tbody>
        {payments.map((p) => (
          <tr key={p.id} data-testid={`transaction-${p.id}`}>
            <td>
              <a href={pathFor('transactions-id', { id: p.id })}>{format(p.created_at, 'date')}</a>
            </td>
            <td>{p.credits}</td>
            <td>{formatCents(p.amount_cents, p.currency, i18n.language)}</td>
            <td>
              <StatusText payment={p} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The amount as a receipt states it: net, VAT at the rate of the member's country, and the total;
 * the total alone for payments without VAT data (made before it was recorded, or no VAT there).
 */
function amountRows(
  payment: Payment,
  money: (cents: number) => string,
  t: TFunction,
  language: string,
): [string, React.ReactNode][] {
  const total: [string, React.ReactNode] = [t('payments.total'), money(payment.amount_cents)];
  if (payment.vat_rate === null || payment.net_cents === null || payment.vat_cents === null) return [total];
  const rate = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
    payment.vat_rate / 100,
  );
  return [
    [t('payments.net'), money(payment.net_cents)],
    [t('payments.vat_line', { rate }), money(payment.vat_cents)],
    total,
  ];
}

function Receipt({ payment }: { payment: Payment }) {
  const { t, i18n } = useTranslation();
  // Mounting the store loads the seller (once per page); the receipt shows without it until then.
  const companyState = useStore($companyInfo);
  const company = companyState.status === 'ready' ? companyState.data : null;
  const money = (cents: number) => formatCents(cents, payment.currency, i18n.language);
  const format = useFormatDate();
  const rows: [string, React.ReactNode][] = [
    [t('payments.payment_id'), payment.payment_id ?? payment.id],
    [t('payments.credits'), payment.credits],
    ...amountRows(payment, money, t, i18n.language),
    [t('payments.currency'), payment.currency],
    [t('payments.method'), <PaymentMethodName key="m" method={payment.method} />],
    [t('payments.status'), <StatusText key="s" payment={payment} />],
    [t('payments.date'), format(payment.paid_at ?? payment.created_at, 'dateTimeLong')],
  ];
  if (payment.discount_code)
    rows.push([
      t('payments.discount'),
      `${payment.discount_code} (−${payment.discount_percent}%, ${money(payment.list_amount_cents - payment.amount_cents)})`,
    ]);
  if (payment.refunded_cents) rows.push([t('payments.refunded'), money(payment.refunded_cents)]);
  return (
    <article className="receipt panel" data-testid="receipt">
      <h2>{t('payments.receipt')}</h2>
      <dl className="receipt-rows">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {company && (
        <address className="receipt-seller" data-testid="receipt-seller">
          <strong>{t('payments.seller')}</strong>
          <br />
          {company.name}
          <br />
          {company.address}, {company.city}, {company.country}
          <br />
          {t('payments.kvk')}: {company.kvk}
          {company.vat_numbers.length > 0 && (
            <>
              <br />
              {t('payments.vat')}: {company.vat_numbers.join(', ')}
            </>
          )}
        </address>
      )}
      <p className="receipt-actions">
        <button className="btn btn-secondary" type="button" onClick={() => window.print()}>
          {t('payments.print')}
        </button>
        <a className="btn btn-ghost" href={LINKS.transactions}>
          {t('payments.all_transactions')}
        </a>
      </p>
    </article>
  );
}
