import { atom } from 'nanostores';
import { activityTables, revenueTables, type DashboardTable } from '../../rules/dashboard-tables.ts';
import type { ApiAnswer } from '../../api/contract.ts';
import type { DashboardQuery } from '../../schemas/api/operator/dashboard.ts';
import { api } from '../api.ts';
import { createKeyedLoader, type Loadable } from '../loadable.ts';

export interface DashboardData {
  activity: ApiAnswer<'GET /api/operator/dashboard/activity'>;
  /** Null for roles without `dashboard.revenue`. */
  revenue: ApiAnswer<'GET /api/operator/dashboard/revenue'> | null;
  tables: DashboardTable[];
}

export const $dashboard = atom<Loadable<DashboardData>>({ status: 'idle' });

const dashboard = createKeyedLoader(
  $dashboard,
  async ({ filter, withRevenue }: { filter: DashboardQuery; withRevenue: boolean }) => {
    const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value));
    const [activity, revenue] = await Promise.all([
      api().call('GET /api/operator/dashboard/activity', { query }),
      withRevenue ? api().call('GET /api/operator/dashboard/revenue', { query }) : null,
    ]);
    return { activity, revenue, tables: [...activityTables(activity), ...(revenue ? revenueTables(revenue) : [])] };
  },
);

/** Loads the figures for a filter: the activity always, the money only when the role may see it. */
export async function loadDashboard(filter: DashboardQuery, withRevenue: boolean): Promise<void> {
  await dashboard.open({ filter, withRevenue });
}
