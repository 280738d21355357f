import type { FunnelGroup, FunnelRowJson, OperatorFunnelResponse } from '@datekit/runtime';
import { ApiError } from '../../errors/api-error.ts';
import type { Db } from '../../db/database.ts';
import { funnel, type FunnelRow } from './funnel.ts';
import type { FunnelDimension } from './funnel.queries.ts';

const DAY_MS = 86_400_000;
/** The longest range a report covers: two years of days. */
export const MAX_REPORT_DAYS = 731;

const GROUPS: Record<FunnelGroup, FunnelDimension[]> = {
  lander: ['variant', 'niche', 'experiment_id', 'arm'],
  network: ['network'],
  sub1: ['network', 'sub1'],
};

export interface FunnelReportInput {
  brand: string;
  /** `2026-11-01`, UTC, both days included. */
  from: string;
  to: string;
  group: FunnelGroup;
  network?: string | undefined;
}

/** The day number of `2026-11-01` (UTC); null for anything else. */
export function dayNumber(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date ? null : ms / DAY_MS;
}

/**
 * The funnel per source for a brand and day range (console and `datekit campaigns report`): per
 * lander (variant, niche, experiment arm), per network, or per sub1 of one network, with the total.
 */
export async function funnelReport(db: Db, input: FunnelReportInput): Promise<OperatorFunnelResponse> {
  const fromDay = dayNumber(input.from);
  const toDay = dayNumber(input.to);
  if (fromDay === null || toDay === null || toDay < fromDay || toDay - fromDay >= MAX_REPORT_DAYS)
    throw new ApiError('validation_failed', {}, { field: 'from' });
  const scope = {
    brand: input.brand,
    fromDay,
    toDay,
    ...(input.group === 'sub1' && input.network !== undefined ? { network: input.network } : {}),
  };
  const [rows, [total]] = await Promise.all([funnel(db, scope, GROUPS[input.group]), funnel(db, scope, [])]);
  return { rows: rows.map(rowJson), total: figures(total) };
}

function figures(row: FunnelRow | undefined) {
  return {
    visits: row?.visits ?? 0,
    soi: row?.soi ?? 0,
    doi: row?.doi ?? 0,
    doi_rate: row?.doi_rate ?? null,
    first_purchases: row?.first_purchases ?? 0,
    revenue_cents: row?.revenue_cents ?? {},
    revenue_per_visit_cents: row?.revenue_per_visit_cents ?? {},
  };
}

function rowJson(row: FunnelRow): FunnelRowJson {
  return { ...(row.key as Partial<FunnelRowJson>), ...figures(row) };
}

/** The columns of the CSV export, in order; revenue gets a column per currency. */
export function funnelCsv(report: OperatorFunnelResponse, group: FunnelGroup): string {
  const keys = GROUPS[group];
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
