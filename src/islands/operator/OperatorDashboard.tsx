import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { daysWithData, type DashboardTable } from '@datekit/runtime/rules/dashboard-tables';
import type { DashboardQuery } from '@datekit/runtime/schemas/api/operator/dashboard';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $dashboard, loadDashboard } from '@datekit/runtime/stores/operator/dashboard';
import { $operator, operatorMay } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';
import { DashboardChart, type ChartSeries } from './DashboardChart.tsx';
import { DashboardTableView } from './DashboardTableView.tsx';
import { opErrorText } from './op-errors.ts';
import '../../styles/operator-dashboard.css';
import { OpError } from './OpError.tsx';

/** The numbers of one brand or all: charts per day, each with its table and CSV, and the affiliate tables. */
export default function OperatorDashboard({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Dashboard lang={lang} />
    </UiProvider>
  );
}

function Dashboard({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const operator = useStore($operator);
  const data = loadedData(useStore($dashboard));
  const [filter, setFilter] = useState<DashboardQuery>({});
  const [error, setError] = useState<string | null>(null);
  // The filter whose answer (or failure) came last: busy while the current one is on its way.
  const [settled, setSettled] = useState<DashboardQuery | null>(null);
  const busy = settled !== filter;
  const withRevenue = operatorMay(operator, 'dashboard.revenue');

  useEffect(() => {
    if (!operator) return; // the navigation loads the operator; signed out, it leaves for /login
    loadDashboard(filter, withRevenue)
      .then(() => setError(null))
      .catch((failure: unknown) => setError(opErrorText(failure, t)))
      .finally(() => setSettled(filter));
  }, [filter, operator, withRevenue, t]);

  function onFilter(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '') || undefined;
    setFilter({ brand: value('brand'), from: value('from'), to: value('to') });
  }

  const tables = new Map((data?.tables ?? []).map((table) => [table.id, table]));
  const currencies = data?.revenue?.currencies ?? [];
  return (
    <>
      <p className="op-muted">{t('op.dash.intro')}</p>
      <form className="op-filters" onSubmit={onFilter} data-testid="op-dash-filter">
        <label>
          {t('op.dash.brand')}
          <select name="brand" defaultValue="">
            <option value="">{t('op.dash.all_brands')}</option>
            {data?.activity.brands.map((brand) => (
              <option key={brand.domain} value={brand.domain}>
                {brand.name} ({brand.domain})
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('op.dash.from')}
          <input name="from" type="date" defaultValue={data?.activity.from} key={`from-${data?.activity.from}`} />
        </label>
        <label>
          {t('op.dash.to')}
          <input name="to" type="date" defaultValue={data?.activity.to} key={`to-${data?.activity.to}`} />
        </label>
        <button className="op-button" type="submit" disabled={busy}>
          {t('op.dash.apply')}
        </button>
      </form>
      <OpError message={error} />
      {busy && !data && <p aria-live="polite">{t('op.busy')}</p>}
      {data && (
        <>
          <Section id="members" tables={tables} lang={lang} series={['signups', 'activations']} />
          <Section id="messages" tables={tables} lang={lang} series={['messages', 'active_members']} />
          {withRevenue && (
            <>
              <Section id="purchases" tables={tables} lang={lang} series={['first_purchases', 'payments']} />
              <Section id="revenue" tables={tables} lang={lang} series={currencies.map((c) => `revenue_cents_${c}`)} />
            </>
          )}
          <Section id="signups_by_tracking" tables={tables} lang={lang} />
          {withRevenue && <Section id="revenue_by_tracking" tables={tables} lang={lang} />}
          <p className="op-muted">{t('op.dash.utc')}</p>
        </>
      )}
    </>
  );
}

/** A heading, the chart of a daily table (when `series` names its columns), then the table itself. */
function Section({
  id,
  tables,
  lang,
  series,
}: {
  id: DashboardTable['id'];
  tables: Map<string, DashboardTable>;
  lang: string;
  series?: string[];
}) {
  const { t } = useTranslation();
  const table = tables.get(id);
  const seriesKeys = series?.join() ?? '';
  const lines = useMemo<ChartSeries[]>(
    () =>
      (seriesKeys ? seriesKeys.split(',') : []).map((key) => {
        const column = table!.columns.findIndex((c) => c.key === key);
        const spec = table!.columns[column]!;
        return { label: t(`op.dash.col.${spec.label}`, spec.params), column, cents: Boolean(spec.currency) };
      }),
    [table, seriesKeys, t],
  );
  if (!table) return null;
  const title = t(`op.dash.table.${id}`);
  return (
    <section className="op-dash-section" aria-labelledby={`op-dash-${id}`} data-testid={`op-dash-${id}`}>
      <h2 id={`op-dash-${id}`}>{title}</h2>
      {series && series.length > 0 && daysWithData(table).length > 0 && (
        <DashboardChart
          lang={lang}
          table={table}
          series={lines}
          label={t('op.dash.chart_label', { title })}
          testId={`op-chart-${id}`}
        />
      )}
      <DashboardTableView table={table} caption={title} lang={lang} />
    </section>
  );
}
