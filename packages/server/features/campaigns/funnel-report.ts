import type { FunnelGroup } from '@datekit/runtime/data/funnel-groups';
import { FUNNEL_GROUP_COLUMNS } from '@datekit/runtime/rules/funnel-csv';
import type { FunnelRowJson, OperatorFunnelResponse } from '@datekit/runtime/schemas/api/operator/campaigns';

export { funnelCsv } from '@datekit/runtime/rules/funnel-csv';
import { ApiError } from '../../errors/api-error.ts';
import type { Db } from '../../db/database.ts';
import { funnel, noFigures, type FunnelRow } from './funnel.ts';
import type { FunnelDimension } from './funnel.queries.ts';

const DAY_MS = 86_400_000;
/** The longest range a report covers: two years of days. */
export const MAX_REPORT_DAYS = 731;

const GROUPS: Record<FunnelGroup, readonly FunnelDimension[]> = FUNNEL_GROUP_COLUMNS;

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

/** A row's figures without its key: the total row, or nothing counted. */
function figures(row: FunnelRow | undefined): Omit<FunnelRow, 'key'> {
  if (!row) return noFigures();
  const { key: _key, ...counted } = row;
  return counted;
}

function rowJson(row: FunnelRow): FunnelRowJson {
  return { ...(row.key as Partial<FunnelRowJson>), ...figures(row) };
}
