import type { DashboardActivityResponse, DashboardRevenueResponse } from '../schemas/api/operator/dashboard.ts';
import { toCsv, type CsvCell } from './csv.ts';

export interface DashboardColumn {
  /** Stable name: the CSV header and the end of the translation key `op.dash.col.<label>`. */
  key: string;
  label: string;
  /** Interpolation values of the label (the currency of a revenue column). */
  params?: Record<string, string>;
  /** A column of cents in this currency (shown as money, charted in whole units). */
  currency?: string;
}

/** One table of the dashboard: what the page shows under a chart and what its CSV holds. */
export interface DashboardTable {
  id: 'members' | 'messages' | 'purchases' | 'revenue' | 'signups_by_tracking' | 'revenue_by_tracking';
  /** The first column is the day for the daily tables (charted), else the tracking key. */
  daily: boolean;
  columns: DashboardColumn[];
  rows: CsvCell[][];
}

const TRACKING = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
const col = (key: string): DashboardColumn => ({ key, label: key });

/** The activity answer as the page's tables: members and messages per day, signups by tracking. */
export function activityTables(answer: DashboardActivityResponse): DashboardTable[] {
  return [
    {
      id: 'members',
      daily: true,
      columns: ['day', 'signups', 'activations'].map(col),
      rows: answer.days.map((d) => [d.day, d.signups, d.activations]),
    },
    {
      id: 'messages',
      daily: true,
      columns: ['day', 'messages', 'active_members'].map(col),
      rows: answer.days.map((d) => [d.day, d.messages, d.active_members]),
    },
    {
      id: 'signups_by_tracking',
      daily: false,
      columns: [...TRACKING, 'signups'].map(col),
      rows: answer.affiliates.map((a) => [...TRACKING.map((key) => a[key]), a.signups]),
    },
  ];
}

/** The revenue answer as tables: purchases per day, cents per day and currency, revenue by tracking. */
export function revenueTables(answer: DashboardRevenueResponse): DashboardTable[] {
  return [
    {
      id: 'purchases',
      daily: true,
      columns: ['day', 'first_purchases', 'payments'].map(col),
      rows: answer.days.map((d) => [d.day, d.first_purchases, d.payments]),
    },
    {
      id: 'revenue',
      daily: true,
      columns: [
        col('day'),
        ...answer.currencies.map((currency) => ({
          key: `revenue_cents_${currency}`,
          label: 'revenue',
          params: { currency },
          currency,
        })),
      ],
      // No currency: no money came in, so no day has a figure (the page shows it is empty, not a Day column).
      rows: answer.currencies.length
        ? answer.days.map((d) => [d.day, ...answer.currencies.map((currency) => d.revenue_cents[currency] ?? 0)])
        : [],
    },
    {
      id: 'revenue_by_tracking',
      daily: false,
      columns: [...TRACKING, 'currency', 'payments', 'revenue_cents'].map(col),
      rows: answer.affiliates.map((a) => [...TRACKING.map((key) => a[key]), a.currency, a.payments, a.revenue_cents]),
    },
  ];
}

/** The rows of a daily table that hold a figure other than 0: the page lists these, not 30 rows of zeros. */
export function daysWithData(table: DashboardTable): CsvCell[][] {
  return table.rows.filter((row) => row.slice(1).some((cell) => typeof cell === 'number' && cell !== 0));
}

/** Columns whose days do not add up: a member active on two days is one member, not two. */
const NOT_SUMMED = new Set(['active_members']);

/** The sum of each column of a daily table (null for the day and for figures that do not add up), for its total row. */
export function columnTotals(table: DashboardTable): (number | null)[] {
  return table.columns.map((column, c) =>
    c === 0 || NOT_SUMMED.has(column.key)
      ? null
      : table.rows.reduce<number>((sum, row) => sum + (typeof row[c] === 'number' ? row[c] : 0), 0),
  );
}

/** A table as a CSV file: the stable column keys as header, cents as whole numbers, days as YYYY-MM-DD. */
export function tableCsv(table: DashboardTable): string {
  return toCsv(
    table.columns.map((column) => column.key),
    table.rows,
  );
}
