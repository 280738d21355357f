import type { FunnelGroup, OperatorFunnelResponse } from '../schemas/api/operator/campaigns.ts';

/** The key columns of each way the funnel is split (console, CLI and CSV share them). */
export const FUNNEL_GROUP_COLUMNS = {
  lander: ['variant', 'niche', 'experiment_id', 'arm'],
  network: ['network'],
  sub1: ['network', 'sub1'],
} as const satisfies Record<FunnelGroup, readonly string[]>;

/** The columns of the CSV export, in order; revenue gets a column per currency. */
export function funnelCsv(report: OperatorFunnelResponse, group: FunnelGroup): string {
  const keys: readonly string[] = FUNNEL_GROUP_COLUMNS[group];
  const currencies = [
    ...new Set(
      report.rows.flatMap((r) => Object.keys(r.revenue_cents)).concat(Object.keys(report.total.revenue_cents)),
    ),
  ].sort();
  const header = [
    ...keys,
    'visits',
    'soi',
    'doi',
    'doi_rate',
    'first_purchases',
    'quality_holds',
    'postback_failures',
    ...currencies.flatMap((c) => [`revenue_${c}`, `revenue_per_visit_${c}`]),
  ];
  const line = (key: Record<string, unknown>, row: OperatorFunnelResponse['total']) =>
    [
      ...keys.map((k) => key[k] ?? ''),
      row.visits,
      row.soi,
      row.doi,
      row.doi_rate === null ? '' : row.doi_rate.toFixed(4),
      row.first_purchases,
      row.quality_holds,
      row.postback_failures,
      ...currencies.flatMap((c) => [
        ((row.revenue_cents[c] ?? 0) / 100).toFixed(2),
        row.revenue_per_visit_cents[c] === undefined ? '' : (row.revenue_per_visit_cents[c] / 100).toFixed(4),
      ]),
    ]
      .map(csvCell)
      .join(',');
  const totalKey = Object.fromEntries(keys.map((k, i) => [k, i === 0 ? 'total' : '']));
  return [header.join(','), ...report.rows.map((r) => line(r, r)), line(totalKey, report.total)].join('\n') + '\n';
}

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
function csvCell(value: unknown): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
