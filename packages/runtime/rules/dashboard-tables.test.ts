import { describe, expect, it } from 'vitest';
import { columnTotals, daysWithData, revenueTables, type DashboardTable } from './dashboard-tables.ts';

const messages: DashboardTable = {
  id: 'messages',
  daily: true,
  columns: [
    { key: 'day', label: 'day' },
    { key: 'messages', label: 'messages' },
    { key: 'active_members', label: 'active_members' },
  ],
  rows: [
    ['2026-11-01', 0, 0],
    ['2026-11-02', 12, 3],
    ['2026-11-03', 0, 0],
    ['2026-11-04', 5, 2],
  ],
};

describe('dashboard tables', () => {
  it('lists only the days with a figure', () => {
    expect(daysWithData(messages).map((row) => row[0])).toEqual(['2026-11-02', '2026-11-04']);
  });

  it('totals the columns that add up, not the distinct members of each day', () => {
    expect(columnTotals(messages)).toEqual([null, 17, null]);
  });

  it('gives the revenue table no rows when no money came in, instead of a lone Day column', () => {
    const [, revenue] = revenueTables({
      from: '2026-11-01',
      to: '2026-11-02',
      currencies: [],
      days: [
        { day: '2026-11-01', first_purchases: 0, payments: 0, revenue_cents: {} },
        { day: '2026-11-02', first_purchases: 0, payments: 0, revenue_cents: {} },
      ],
      affiliates: [],
    } as unknown as Parameters<typeof revenueTables>[0]);
    expect(revenue!.rows).toEqual([]);
  });
});
