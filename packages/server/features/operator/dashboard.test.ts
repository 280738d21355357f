import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityTables, revenueTables, tableCsv } from '@datekit/runtime/rules/dashboard-tables';
import type {
  DashboardActivityResponse,
  DashboardRevenueResponse,
} from '@datekit/runtime/schemas/api/operator/dashboard';
import type { TestServer } from '../../test/test-server.ts';
import { rollUpDashboard } from './dashboard-rollup.ts';
import {
  insertDashboardMember,
  insertDashboardMessage,
  insertDashboardPayment,
  type TestTracking,
} from './test-dashboard-rows.ts';
import { startServerWithOperators, type TestOperator } from './test-operators.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';

/**
 * The dashboard's figures on a small known dataset, inserted straight into the database at fixed
 * times in November 2026 (UTC days), on whichever engine the tests run.
 */
let server: TestServer;
let finance: TestOperator;
let support: TestOperator;

const at = (day: number, hour = 12) => Date.UTC(2026, 10, day, hour);

const member = (brand: string, created: number, activated: number | null, tracking: TestTracking = {}) =>
  insertDashboardMember(server.services.db, { brand, createdAt: created, activatedAt: activated, tracking });

const payment = (userId: number, brand: string, paidAt: number | null, cents: number, currency = 'EUR') =>
  insertDashboardPayment(server.services.db, { userId, brand, cents, currency, createdAt: paidAt ?? at(3), paidAt });

async function message(brand: string, from: number, to: number, time: number) {
  const conversation = await server.services.db
    .insertInto('conversations')
    .values({ brand, member_a: from, member_b: to, started_by: from, created_at: time, last_message_at: time })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertDashboardMessage(server.services.db, conversation.id, from, time);
}

beforeAll(async () => {
  ({
    server,
    operators: { finance, support },
  } = await startServerWithOperators(['finance', 'support']));
  const db = server.services.db;
  // Nothing else in the range but what this test inserts (the operators are no members).
  expect(await db.selectFrom('users').select('id').execute()).toEqual([]);

  // alpha: 3 signups on the 2nd (two activated on the 3rd), 1 on the 4th; beta: 1 on the 2nd.
  const a1 = await member('alpha.test', at(2, 1), at(3, 9), { network: 'adnet', ref: 'r1', sub1: 's1' });
  const a2 = await member('alpha.test', at(2, 23), at(3, 10), { network: 'adnet', ref: 'r1', sub1: 's1' });
  await member('alpha.test', at(2, 5), null, { network: 'other', ref: 'x, "quoted"' });
  const a4 = await member('alpha.test', at(4), at(4));
  const b1 = await member('beta.test', at(2), at(2), { network: 'adnet', ref: 'r2' });
  // Outside the range (October): counts nowhere but makes a2's purchase on the 4th not its first.
  await member('alpha.test', Date.UTC(2026, 9, 20), null);

  await payment(a1, 'alpha.test', at(3, 8), 1995); // a1's first
  await payment(a1, 'alpha.test', at(4, 8), 995); // a1 again: revenue, not a first purchase
  await payment(a2, 'alpha.test', Date.UTC(2026, 9, 30), 500); // a2's first, before the range
  await payment(a2, 'alpha.test', at(4, 9), 1995); // not a first purchase
  await payment(a4, 'alpha.test', null, 4995); // open: never counts
  await payment(b1, 'beta.test', at(3, 23), 2500, 'DKK'); // b1's first, in DKK

  await message('alpha.test', a1, a2, at(3, 1));
  await message('alpha.test', a1, a4, at(3, 2));
  await message('alpha.test', a2, a1, at(3, 3));
  await message('beta.test', b1, b1, at(4, 3));
}, 60_000);

afterAll(async () => {
  await server.close();
});

const Q = '?from=2026-11-02&to=2026-11-04';

describe('dashboard activity', () => {
  it('counts signups, activations, messages and active members per UTC day, all brands', async () => {
    const res = await support.browser.get<DashboardActivityResponse>(`/api/operator/dashboard/activity${Q}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.from).toBe('2026-11-02');
    expect(res.body.to).toBe('2026-11-04');
    expect(res.body.brand).toBeNull();
    expect(res.body.brands.map((b) => b.domain)).toContain('alpha.test');
    expect(res.body.days).toEqual([
      { day: '2026-11-02', signups: 4, activations: 1, messages: 0, active_members: 0 },
      { day: '2026-11-03', signups: 0, activations: 2, messages: 3, active_members: 2 },
      { day: '2026-11-04', signups: 1, activations: 1, messages: 1, active_members: 1 },
    ]);
    expect(res.body.affiliates).toEqual(
      [
        { network: 'adnet', ref: 'r1', sub1: 's1', sub2: null, sub3: null, signups: 2 },
        { network: null, ref: null, sub1: null, sub2: null, sub3: null, signups: 1 },
        { network: 'adnet', ref: 'r2', sub1: null, sub2: null, sub3: null, signups: 1 },
        { network: 'other', ref: 'x, "quoted"', sub1: null, sub2: null, sub3: null, signups: 1 },
      ].sort((a, b) => b.signups - a.signups || String(a.network ?? '').localeCompare(String(b.network ?? ''))),
    );
  });

  it('filters by brand', async () => {
    const res = await support.browser.get<DashboardActivityResponse>(
      `/api/operator/dashboard/activity${Q}&brand=beta.test`,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.brand).toBe('beta.test');
    expect(res.body.days.map((d) => [d.signups, d.activations, d.messages])).toEqual([
      [1, 1, 0],
      [0, 0, 0],
      [0, 0, 1],
    ]);
    expect(res.body.affiliates).toEqual([
      { network: 'adnet', ref: 'r2', sub1: null, sub2: null, sub3: null, signups: 1 },
    ]);
  });

  it('takes a range (one day) and defaults to the last 30 days', async () => {
    const one = await support.browser.get<DashboardActivityResponse>(
      '/api/operator/dashboard/activity?from=2026-11-03&to=2026-11-03',
    );
    expect(one.body.days).toEqual([{ day: '2026-11-03', signups: 0, activations: 2, messages: 3, active_members: 2 }]);
    const standard = await support.browser.get<DashboardActivityResponse>('/api/operator/dashboard/activity');
    expect(standard.status).toBe(200);
    expect(standard.body.days).toHaveLength(30);
    expect(standard.body.to).toBe(new Date(server.services.now()).toISOString().slice(0, 10));
  });

  it('refuses a reversed, too long or malformed range with 422', async () => {
    for (const query of ['?from=2026-11-05&to=2026-11-01', '?from=2020-01-01&to=2026-11-01', '?from=yesterday']) {
      const res = await support.browser.get(`/api/operator/dashboard/activity${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.error).toBe('validation_failed');
    }
  });
});

describe('dashboard revenue', () => {
  it('sums cents per day and currency, counts first purchases, breaks revenue down by tracking', async () => {
    const res = await finance.browser.get<DashboardRevenueResponse>(`/api/operator/dashboard/revenue${Q}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.currencies).toEqual(['DKK', 'EUR']);
    expect(res.body.days).toEqual([
      { day: '2026-11-02', first_purchases: 0, payments: 0, revenue_cents: {} },
      { day: '2026-11-03', first_purchases: 2, payments: 2, revenue_cents: { EUR: 1995, DKK: 2500 } },
      { day: '2026-11-04', first_purchases: 0, payments: 2, revenue_cents: { EUR: 2990 } },
    ]);
    expect(res.body.affiliates).toEqual([
      {
        network: 'adnet',
        ref: 'r1',
        sub1: 's1',
        sub2: null,
        sub3: null,
        currency: 'EUR',
        payments: 3,
        revenue_cents: 4985,
      },
      {
        network: 'adnet',
        ref: 'r2',
        sub1: null,
        sub2: null,
        sub3: null,
        currency: 'DKK',
        payments: 1,
        revenue_cents: 2500,
      },
    ]);
  });

  it('filters by brand', async () => {
    const res = await finance.browser.get<DashboardRevenueResponse>(
      `/api/operator/dashboard/revenue${Q}&brand=alpha.test`,
    );
    expect(res.body.currencies).toEqual(['EUR']);
    expect(res.body.days.map((d) => [d.first_purchases, d.payments, d.revenue_cents])).toEqual([
      [0, 0, {}],
      [1, 1, { EUR: 1995 }],
      [0, 2, { EUR: 2990 }],
    ]);
  });

  it('is for owners and finance only', async () => {
    const res = await support.browser.get(`/api/operator/dashboard/revenue${Q}`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('operator_forbidden');
  });
});

describe('CSV export (the page builds it from the same answers)', () => {
  it('writes each table with stable headers, escaped tracking values and cents', async () => {
    const activity = await finance.browser.get<DashboardActivityResponse>(`/api/operator/dashboard/activity${Q}`);
    const revenue = await finance.browser.get<DashboardRevenueResponse>(`/api/operator/dashboard/revenue${Q}`);
    const [members, , byTracking] = activityTables(activity.body);
    expect(tableCsv(members!)).toBe(
      '\uFEFFday,signups,activations\r\n2026-11-02,4,1\r\n2026-11-03,0,2\r\n2026-11-04,1,1\r\n',
    );
    expect(tableCsv(byTracking!)).toContain('\r\nother,"x, ""quoted""",,,,1\r\n');
    const money = revenueTables(revenue.body).find((table) => table.id === 'revenue')!;
    expect(tableCsv(money)).toBe(
      '\uFEFFday,revenue_cents_DKK,revenue_cents_EUR\r\n2026-11-02,0,0\r\n2026-11-03,2500,1995\r\n2026-11-04,0,2990\r\n',
    );
  });
});

describe('after the roll-up job', () => {
  it('answers the same from the daily roll-up as from the raw tables', async () => {
    const urls = [
      `/api/operator/dashboard/activity${Q}`,
      `/api/operator/dashboard/activity${Q}&brand=alpha.test`,
      `/api/operator/dashboard/revenue${Q}`,
      `/api/operator/dashboard/revenue${Q}&brand=beta.test`,
    ];
    const before = [];
    for (const url of urls) before.push((await finance.browser.get(url)).body);
    const span = await rollUpDashboard(server.services.db, server.services.now());
    // The test's days (November 2-4) are rolled-up days now.
    expect(span!.first).toBeLessThanOrEqual(Date.UTC(2026, 10, 2) / DAY_MS);
    expect(await server.services.db.selectFrom('dashboard_daily').select('day').execute()).not.toEqual([]);
    for (const [i, url] of urls.entries()) expect((await finance.browser.get(url)).body, url).toEqual(before[i]);
  });
});
