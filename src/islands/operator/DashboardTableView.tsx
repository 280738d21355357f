import { useTranslation } from 'react-i18next';
import { columnTotals, daysWithData, tableCsv, type DashboardTable } from '@datekit/runtime/rules/dashboard-tables';
import type { CsvCell } from '@datekit/runtime/rules/csv';
import { consoleDates } from './console-dates.ts';
import { downloadCsv } from './download-csv.ts';

/**
 * A dashboard table with its caption and a CSV download of all its rows. A daily table lists only the
 * days with a figure, says how many quiet days it leaves out, and ends with the period's total.
 */
export function DashboardTableView({ table, caption, lang }: { table: DashboardTable; caption: string; lang: string }) {
  const { t } = useTranslation();
  const count = new Intl.NumberFormat(lang);
  const money = (currency: string) => new Intl.NumberFormat(lang, { style: 'currency', currency });
  const dates = consoleDates(lang);
  // Revenue by tracking: each row's cents are in that row's currency.
  const currencyColumn = table.columns.findIndex((column) => column.key === 'currency');
  const rows = table.daily ? daysWithData(table) : table.rows;
  const quietDays = table.rows.length - rows.length;

  function download() {
    downloadCsv(`dashboard-${table.id}.csv`, tableCsv(table));
  }

  function cellText(cell: CsvCell, c: number, row: CsvCell[]): string {
    const column = table.columns[c]!;
    if (cell === null) return '–';
    if (typeof cell !== 'number') return c === 0 && table.daily ? dates.day(cell) : cell;
    if (column.currency) return money(column.currency).format(cell / 100);
    if (column.key === 'revenue_cents') return money(String(row[currencyColumn])).format(cell / 100);
    return count.format(cell);
  }

  return (
    <div className="op-dash-table">
      <button className="op-button secondary" type="button" onClick={download} data-testid={`op-csv-${table.id}`}>
        {t('op.dash.csv')}
      </button>
      {rows.length === 0 ? (
        <p className="op-muted" data-testid={`op-empty-${table.id}`}>
          {t(table.daily ? 'op.wd.dash.no_days' : 'op.dash.empty')}
        </p>
      ) : (
        <div className="op-dash-scroll" tabIndex={0} role="region" aria-label={caption}>
          <table className="op-table" data-testid={`op-table-${table.id}`}>
            <caption>{caption}</caption>
            <thead>
              <tr>
                {table.columns.map((column, c) => (
                  <th key={column.key} scope="col" className={c > 0 && table.daily ? 'op-wd-num' : undefined}>
                    {t(`op.dash.col.${column.label}`, column.params)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 && table.daily ? (
                      <th key={c} scope="row">
                        {cellText(cell, c, row)}
                      </th>
                    ) : (
                      <td key={c} className={typeof cell === 'number' ? 'op-wd-num' : undefined}>
                        {cellText(cell, c, row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
            {table.daily && (
              <tfoot>
                <tr data-testid={`op-total-${table.id}`}>
                  {columnTotals(table).map((total, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {t('op.wd.dash.total')}
                      </th>
                    ) : (
                      <td key={c} className="op-wd-num">
                        {total === null ? '–' : cellText(total, c, [])}
                      </td>
                    ),
                  )}
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
      {table.daily && quietDays > 0 && rows.length > 0 && (
        <p className="op-muted" data-testid={`op-quiet-${table.id}`}>
          {t('op.wd.dash.quiet_days', { n: quietDays })}
        </p>
      )}
    </div>
  );
}
