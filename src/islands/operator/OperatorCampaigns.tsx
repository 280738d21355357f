import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { funnelCsv } from '@datekit/runtime/rules/funnel-csv';
import type { FunnelGroup, FunnelRowJson, OperatorFunnelQuery } from '@datekit/runtime/schemas/api/operator/campaigns';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $funnel, loadFunnel } from '@datekit/runtime/stores/operator/campaigns';
import { $operatorBrands } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';
import { downloadCsv } from './download-csv.ts';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';

const GROUPS = ['lander', 'network'] as const satisfies readonly FunnelGroup[];
const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The funnel per source of a brand and day range: per lander and arm, network, or sub1 of a network; CSV. */
export default function OperatorCampaigns({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Campaigns lang={lang} />
    </UiProvider>
  );
}

function Campaigns({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const brands = useStore($operatorBrands);
  const funnel = loadedData(useStore($funnel));
  const [query, setQuery] = useState<OperatorFunnelQuery | null>(null);
  const [error, setError] = useState<string | null>(null);
  const number = new Intl.NumberFormat(lang);
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  const money = (cents: number) => new Intl.NumberFormat(lang, { minimumFractionDigits: 2 }).format(cents / 100);

  // The last 30 days of the first brand, once the console knows the operator's brands.
  const current = query ?? (brands[0] ? defaultQuery(brands[0]) : null);
  // By value: the default query is made anew on every render.
  const wanted = current ? JSON.stringify(current) : '';
  useEffect(() => {
    if (!wanted) return;
    loadFunnel(JSON.parse(wanted) as OperatorFunnelQuery)
      .then(() => setError(null))
      .catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [wanted, t]);

  function onFilter(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setQuery({
      brand: String(form.get('brand')),
      from: String(form.get('from')),
      to: String(form.get('to')),
      group: String(form.get('group')) === 'network' ? 'network' : 'lander',
    });
  }

  const shown = funnel && JSON.stringify(funnel.query) === wanted ? funnel : null;
  const group = current?.group ?? 'lander';
  const currencies = [
    ...new Set([
      ...(shown?.report.rows ?? []).flatMap((r) => Object.keys(r.revenue_cents)),
      ...Object.keys(shown?.report.total.revenue_cents ?? {}),
    ]),
  ].sort();
  const none = t('op.camp.none');

  function keyCells(row: FunnelRowJson) {
    if (group === 'lander')
      return (
        <>
          <td>{`${row.variant || none}${row.niche ? ` / ${row.niche}` : ''}`}</td>
          <td>{row.experiment_id ? `#${row.experiment_id} ${row.arm}` : '–'}</td>
        </>
      );
    if (group === 'sub1') return <td>{row.sub1 || none}</td>;
    const network = row.network ?? '';
    return (
      <td>
        <button
          type="button"
          className="op-button secondary"
          onClick={() => current && setQuery({ ...current, group: 'sub1', network })}
          aria-label={t('op.camp.drill', { network: network || none })}
        >
          {network || none}
        </button>
      </td>
    );
  }

  const figures = (row: OperatorFunnelFigures) => (
    <>
      <td>{number.format(row.visits)}</td>
      <td>{number.format(row.soi)}</td>
      <td>{number.format(row.doi)}</td>
      <td>{row.doi_rate === null ? '–' : percent.format(row.doi_rate)}</td>
      <td>{number.format(row.first_purchases)}</td>
      <td>{number.format(row.quality_holds)}</td>
      <td>{number.format(row.postback_failures)}</td>
      {currencies.map((c) => (
        <td key={`r-${c}`}>{money(row.revenue_cents[c] ?? 0)}</td>
      ))}
      {currencies.map((c) => (
        <td key={`v-${c}`}>
          {row.revenue_per_visit_cents[c] === undefined ? '–' : money(row.revenue_per_visit_cents[c])}
        </td>
      ))}
    </>
  );

  return (
    <>
      <p className="op-muted">{t('op.camp.intro')}</p>
      {current && (
        <form className="op-filters" onSubmit={onFilter} data-testid="op-funnel-filter" key={JSON.stringify(current)}>
          <label>
            {t('op.dash.brand')}
            <select name="brand" defaultValue={current.brand}>
              {brands.map((b) => (
                <option key={b}>{b}</option>
              ))}
            </select>
          </label>
          <label>
            {t('op.dash.from')}
            <input name="from" type="date" required defaultValue={current.from} />
          </label>
          <label>
            {t('op.dash.to')}
            <input name="to" type="date" required defaultValue={current.to} />
          </label>
          <label>
            {t('op.camp.group')}
            <select name="group" defaultValue={group === 'sub1' ? 'network' : group}>
              {GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`op.camp.group_${g}`)}
                </option>
              ))}
            </select>
          </label>
          <button className="op-button" type="submit">
            {t('op.dash.apply')}
          </button>
        </form>
      )}
      <OpError message={error} />
      {shown && current && (
        <>
          <p className="op-filters">
            {group === 'sub1' && (
              <>
                <strong>{t('op.camp.drill', { network: current.network || none })}</strong>
                <button
                  type="button"
                  className="op-button secondary"
                  onClick={() =>
                    setQuery({ brand: current.brand, from: current.from, to: current.to, group: 'network' })
                  }
                >
                  {t('op.camp.back')}
                </button>
              </>
            )}
            <button
              type="button"
              className="op-button secondary"
              onClick={() =>
                downloadCsv(`funnel-${current.brand}-${current.from}-${current.to}.csv`, funnelCsv(shown.report, group))
              }
            >
              {t('op.dash.csv')}
            </button>
          </p>
          <table className="op-table" data-testid="op-funnel">
            <thead>
              <tr>
                {group === 'lander' ? (
                  <>
                    <th>{t('op.camp.col.lander')}</th>
                    <th>{t('op.camp.col.arm')}</th>
                  </>
                ) : (
                  <th>{group === 'sub1' ? t('op.dash.col.sub1') : t('op.dash.col.network')}</th>
                )}
                <th>{t('op.camp.col.visits')}</th>
                <th>{t('op.camp.col.soi')}</th>
                <th>{t('op.camp.col.doi')}</th>
                <th>{t('op.camp.col.doi_rate')}</th>
                <th>{t('op.dash.col.first_purchases')}</th>
                <th>{t('op.camp.col.quality_holds')}</th>
                <th>{t('op.camp.col.postback_failures')}</th>
                {currencies.map((currency) => (
                  <th key={`r-${currency}`}>{t('op.dash.col.revenue', { currency })}</th>
                ))}
                {currencies.map((currency) => (
                  <th key={`v-${currency}`}>{t('op.camp.col.revenue_per_visit', { currency })}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.report.rows.map((row) => (
                <tr key={JSON.stringify([row.variant, row.niche, row.experiment_id, row.arm, row.network, row.sub1])}>
                  {keyCells(row)}
                  {figures(row)}
                </tr>
              ))}
              {shown.report.rows.length === 0 && (
                <tr>
                  <td colSpan={9 + currencies.length * 2}>{t('op.dash.empty')}</td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={group === 'lander' ? 2 : 1}>{t('op.camp.total')}</th>
                {figures(shown.report.total)}
              </tr>
            </tfoot>
          </table>
        </>
      )}
    </>
  );
}

type OperatorFunnelFigures = Omit<FunnelRowJson, 'variant' | 'niche' | 'experiment_id' | 'arm' | 'network' | 'sub1'>;

function defaultQuery(brand: string): OperatorFunnelQuery {
  const today = Date.now();
  return { brand, from: utcDay(today - 29 * DAY_MS), to: utcDay(today), group: 'lander' };
}
