import { useTranslation } from 'react-i18next';
import { tableCsv, type DashboardTable } from '../../../packages/runtime/rules/dashboard-tables.ts';
import { downloadCsv } from './download-csv.ts';

/** A dashboard table with its caption and a CSV download of exactly its rows. */
export function DashboardTableView({ table, caption, lang }: { table: DashboardTable; caption: string; lang: string }) {
  const { t } = useTranslation();
  const count = new Intl.NumberFormat(lang);
  const money = (currency: string) => new Intl.NumberFormat(lang, { style: 'currency', currency });
  // Revenue by tracking: each row's cents are in that row's currency.
  const currencyColumn = table.columns.findIndex((column) => column.key === 'currency');

  function download() {
    downloadCsv(`dashboard-${table.id}.csv`, tableCsv(table));
  }

  return (
    <div className="op-dash-table">
      <button className="op-button secondary" type="button" onClick={download} data-testid={`op-csv-${table.id}`}>
        {t('op.dash.csv')}
      </button>
      {table.rows.length === 0 ? (
        <p className="op-muted">{t('op.dash.empty')}</p>
      ) : (
        <div className="op-dash-scroll" tabIndex={0} role="region" aria-label={caption}>
          <table className="op-table" data-testid={`op-table-${table.id}`}>
            <caption>{caption}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column.key} scope="col">
                    {t(`op.dash.col.${column.label}`, column.params)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => {
                    const column = table.columns[c]!;
                    const text =
                      cell === null
                        ? '–'
                        : typeof cell === 'number'
                          ? column.currency
                            ? money(column.currency).format(cell / 100)
                            : column.key === 'revenue_cents'
                              ? money(String(row[currencyColumn])).format(cell / 100)
                              : count.format(cell)
                          : cell;
                    return c === 0 && table.daily ? (
                      <th key={c} scope="row">
                        {text}
                      </th>
                    ) : (
                      <td key={c}>{text}</td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
