import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import {
  activationsPerDay,
  firstPurchasesPerDay,
  messagesPerDay,
  paymentsPerDay,
  revenueByTracking,
  signupsByTracking,
  signupsPerDay,
  type DashboardRange,
} from './dashboard-queries.ts';
import {
  BATCH_DAYS,
  dailyFigures,
  dailyPayments,
  forgetTrackingInRollup,
  recountDays,
  revenueByTrackingRolled,
  rolledUpDays,
  rollUpDashboard,
  signupsByTrackingRolled,
} from './dashboard-rollup.ts';
import { insertDashboardMember, insertDashboardMessage, insertDashboardPayment } from './test-dashboard-rows.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';

/**
 * The roll-up plus today's raw count must answer exactly what the raw queries answer, on a seeded
 * month of three brands (both engines). "Now" is fixed: 2026-11-20 15:00 UTC, so the 20th is today.
 */
let database: TestDatabase;
let db: Db;
const BRANDS = ['alpha.test', 'beta.test', 'gamma.test'];
const NOW = Date.UTC(2026, 10, 20, 15);
const TODAY = Math.floor(NOW / DAY_MS);
const FIRST_DAY = TODAY - 24; // the first member signs up then
const at = (day: number, ms: number) => day * DAY_MS + ms;

let seed = 11;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const members: { id: number; brand: string; created: number }[] = [];
  for (let i = 0; i < 160; i++) {
    // The first member on FIRST_DAY, the others over the 25 days up to now (today included).
    const created = i === 0 ? at(FIRST_DAY, 1000) : at(FIRST_DAY, 0) + Math.floor(random() * (NOW - at(FIRST_DAY, 0)));
    const network = pick([null, 'adnet', 'partner']);
    const brand = pick(BRANDS);
    const activated = random() < 0.6 ? Math.min(NOW - 1, created + Math.floor(random() * 2 * DAY_MS)) : null;
    const id = await insertDashboardMember(db, {
      brand,
      createdAt: created,
      activatedAt: activated,
      tracking: {
        network,
        ref: network ? pick(['r1', 'r2', null]) : null,
        sub1: network ? pick(['s1', 's2', 's3']) : null,
        sub2: network && random() < 0.3 ? 'x' : null,
      },
    });
    members.push({ id, brand, created });
  }
  for (const member of members) {
    let paidAt = member.created + Math.floor(random() * 3 * DAY_MS);
    while (paidAt < NOW && random() < 0.6) {
      await insertDashboardPayment(db, {
        userId: member.id,
        brand: member.brand,
        cents: pick([995, 1995, 4995]),
        currency: pick(['EUR', 'EUR', 'DKK']),
        createdAt: paidAt,
        paidAt,
      });
      paidAt += Math.floor(random() * 4 * DAY_MS);
    }
  }
  for (const brand of BRANDS) {
    const ofBrand = members.filter((member) => member.brand === brand);
    for (let i = 0; i + 1 < ofBrand.length; i += 2) {
      const [a, b] = [ofBrand[i]!, ofBrand[i + 1]!];
      const start = Math.max(a.created, b.created);
      const conversation = await db
        .insertInto('conversations')
        .values({ brand, member_a: a.id, member_b: b.id, started_by: a.id, created_at: start, last_message_at: start })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let n = Math.floor(random() * 12); n > 0; n--) {
        await insertDashboardMessage(
          db,
          conversation.id,
          pick([a.id, b.id]),
          start + Math.floor(random() * (NOW - start)),
        );
      }
    }
  }
}, 120_000);

afterAll(async () => {
  await database.drop();
});

/** The ranges compared: all the data, a week in the middle, the last 3 days (today included), today. */
function ranges(): DashboardRange[] {
  const spans = [
    [FIRST_DAY - 3, TODAY],
    [FIRST_DAY + 5, FIRST_DAY + 11],
    [TODAY - 2, TODAY],
    [TODAY, TODAY],
  ];
  return [null, ...BRANDS].flatMap((brand) =>
    spans.map(([from, to]) => ({ brand, fromMs: from! * DAY_MS, toMs: (to! + 1) * DAY_MS })),
  );
}

/** Every figure of the dashboard for a range, through the roll-up or raw, in one comparable shape. */
async function figures(range: DashboardRange, via: 'rollup' | 'raw') {
  const days: Record<number, unknown> = {};
  const first = range.fromMs / DAY_MS;
  if (via === 'rollup') {
    const daily = await dailyFigures(db, range);
    for (let day = first; day < range.toMs / DAY_MS; day++) {
      days[day] = daily.get(day) ?? { signups: 0, activations: 0, messages: 0, senders: 0, first_purchases: 0 };
    }
  } else {
    const [signups, activations, messages, firsts] = [
      await signupsPerDay(db, range),
      await activationsPerDay(db, range),
      await messagesPerDay(db, range),
      await firstPurchasesPerDay(db, range),
    ];
    for (let day = first; day < range.toMs / DAY_MS; day++) {
      days[day] = {
        signups: signups.get(day) ?? 0,
        activations: activations.get(day) ?? 0,
        messages: messages.get(day)?.messages ?? 0,
        senders: messages.get(day)?.senders ?? 0,
        first_purchases: firsts.get(day) ?? 0,
      };
    }
  }
  const payments = (via === 'rollup' ? await dailyPayments(db, range) : await paymentsPerDay(db, range)).sort(
    (a, b) => a.day - b.day || a.currency.localeCompare(b.currency),
  );
  return {
    days,
    payments,
    signupsByTracking: via === 'rollup' ? await signupsByTrackingRolled(db, range) : await signupsByTracking(db, range),
    revenueByTracking: via === 'rollup' ? await revenueByTrackingRolled(db, range) : await revenueByTracking(db, range),
  };
}

async function expectSameAsRaw() {
  for (const range of ranges()) {
    expect(await figures(range, 'rollup'), JSON.stringify(range)).toEqual(await figures(range, 'raw'));
  }
}

async function clearRollup() {
  for (const table of [
    'dashboard_days',
    'dashboard_daily',
    'dashboard_daily_payments',
    'dashboard_signup_tracking',
    'dashboard_revenue_tracking',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

/** Rows of each roll-up table whose key occurs more than once (null tracking values compared as equal). */
async function duplicateKeys() {
  const tracking = sql`coalesce(network, '-'), coalesce(ref, '-'), coalesce(sub1, '-'), coalesce(sub2, '-'), coalesce(sub3, '-')`;
  const queries = [
    sql`select day from dashboard_days group by day having count(*) > 1`,
    sql`select brand, day from dashboard_daily group by brand, day having count(*) > 1`,
    sql`select brand, day, currency from dashboard_daily_payments group by brand, day, currency having count(*) > 1`,
    sql`select brand, day from dashboard_signup_tracking group by brand, day, ${tracking} having count(*) > 1`,
    sql`select brand, day from dashboard_revenue_tracking group by brand, day, ${tracking}, currency having count(*) > 1`,
  ];
  let duplicates = 0;
  for (const query of queries) duplicates += (await query.execute(db)).rows.length;
  return duplicates;
}

describe('dashboard roll-up', () => {
  it('seeded a month of every figure on every brand (so the comparisons below compare something)', async () => {
    const all = await figures({ brand: null, fromMs: FIRST_DAY * DAY_MS, toMs: (TODAY + 1) * DAY_MS }, 'raw');
    const busyDays = Object.values(all.days as Record<number, Record<string, number>>).filter(
      (day) => day.signups! > 0 && day.messages! > 0 && day.first_purchases! > 0,
    );
    expect(busyDays.length).toBeGreaterThan(15);
    expect(all.payments.length).toBeGreaterThan(20);
    expect(all.revenueByTracking.length).toBeGreaterThan(5);
  });

  it('fills history in batches of days, answering like the raw queries at every step', async () => {
    await clearRollup();
    // A first run with no time for history: only yesterday; the rest is still counted raw.
    expect(await rollUpDashboard(db, NOW, { budgetMs: 0 })).toEqual({ first: TODAY - 1, last: TODAY - 1 });
    await expectSameAsRaw();
    // One batch per call at most when the clock has run out after the first.
    let ticks = 0;
    await rollUpDashboard(db, NOW, { budgetMs: 2, clock: () => ticks++ });
    expect(await rolledUpDays(db)).toEqual({ first: TODAY - 1 - BATCH_DAYS, last: TODAY - 1 });
    await expectSameAsRaw();
    // Then the whole history, down to the first member's signup day; today is never rolled up.
    expect(await rollUpDashboard(db, NOW)).toEqual({ first: FIRST_DAY, last: TODAY - 1 });
    expect(await rolledUpDays(db)).toEqual({ first: FIRST_DAY, last: TODAY - 1 });
    await expectSameAsRaw();
    expect(await duplicateKeys()).toBe(0);
  });

  it('answers from the roll-up for rolled-up days, and a late message there is counted by the next run', async () => {
    await rollUpDashboard(db, NOW);
    const conversation = await db
      .selectFrom('conversations')
      .select(['id', 'member_a', 'brand'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const yesterday = { brand: conversation.brand, fromMs: (TODAY - 1) * DAY_MS, toMs: TODAY * DAY_MS };
    const before = (await dailyFigures(db, yesterday)).get(TODAY - 1)?.messages ?? 0;
    // Written late (a transaction that committed after midnight) into a day already rolled up.
    await insertDashboardMessage(db, conversation.id, conversation.member_a, at(TODAY - 1, 86_000_000));
    expect((await messagesPerDay(db, yesterday)).get(TODAY - 1)?.messages).toBe(before + 1);
    expect((await dailyFigures(db, yesterday)).get(TODAY - 1)?.messages ?? 0).toBe(before);
    // The next hourly run recounts the last two complete days.
    await rollUpDashboard(db, NOW + 3_600_000);
    expect((await dailyFigures(db, yesterday)).get(TODAY - 1)?.messages).toBe(before + 1);
    await expectSameAsRaw();
  });

  it('rolls a new day up the day after, without a gap', async () => {
    await rollUpDashboard(db, NOW + DAY_MS);
    expect(await rolledUpDays(db)).toEqual({ first: FIRST_DAY, last: TODAY });
    await expectSameAsRaw();
  });

  it('two runs at once (two instances) leave no duplicate rows and the same figures', async () => {
    await clearRollup();
    await Promise.all([rollUpDashboard(db, NOW), rollUpDashboard(db, NOW)]);
    expect(await duplicateKeys()).toBe(0);
    expect(await rolledUpDays(db)).toEqual({ first: FIRST_DAY, last: TODAY - 1 });
    await expectSameAsRaw();
    // And again while a run is going on over the same days.
    await Promise.all([rollUpDashboard(db, NOW + 3_600_000), rollUpDashboard(db, NOW + 3_600_000)]);
    expect(await duplicateKeys()).toBe(0);
    await expectSameAsRaw();
  });

  it("erasure moves the member's signup and payments to the blank tracking key in the roll-up too", async () => {
    const created = at(TODAY - 10, 5000);
    const memberId = await insertDashboardMember(db, {
      brand: 'beta.test',
      createdAt: created,
      activatedAt: created,
      tracking: { network: 'adnet', ref: 'r1', sub1: 'click-4711' },
    });
    for (const [paidAt, currency] of [
      [at(TODAY - 9, 1000), 'EUR'],
      [at(TODAY - 9, 2000), 'EUR'],
      [at(TODAY - 5, 0), 'DKK'],
      [NOW - 1000, 'EUR'], // today: not rolled up
    ] as const) {
      await insertDashboardPayment(db, {
        userId: memberId,
        brand: 'beta.test',
        cents: 1995,
        currency,
        createdAt: paidAt,
        paidAt,
      });
    }
    await clearRollup();
    await rollUpDashboard(db, NOW);
    const naming = async () =>
      (await db.selectFrom('dashboard_signup_tracking').select('day').where('sub1', '=', 'click-4711').execute())
        .length +
      (await db.selectFrom('dashboard_revenue_tracking').select('day').where('sub1', '=', 'click-4711').execute())
        .length;
    expect(await naming()).toBe(3);
    await eraseTracking(memberId);
    expect(await naming()).toBe(0);
    await expectSameAsRaw();
    expect(await duplicateKeys()).toBe(0);
  });

  // PostgreSQL alone runs the two at once; SQLite has one writer, so one waits for the other anyway.
  it.runIf(process.env.DATEKIT_TEST_DB === 'postgres')(
    'erasure during the first count of the day of its signup waits for that count, then moves it',
    async () => {
      const day = TODAY - 12;
      const memberId = await insertDashboardMember(db, {
        brand: 'alpha.test',
        createdAt: at(day, 7000),
        activatedAt: null,
        tracking: { network: 'adnet', ref: 'r2', sub1: 'click-race' },
      });
      await clearRollup();
      const { erasing } = await db.transaction().execute(async (run) => {
        // The job's first count of that day, not committed yet: it names the member's tracking.
        await recountDays(run, day, day, NOW);
        let erased = false;
        const erasing = eraseTracking(memberId).then(() => (erased = true));
        while (!erased && !(await someoneWaitsFor(run))) await new Promise((resolve) => setImmediate(resolve));
        expect(erased, 'the erasure went on without waiting for the count of that day').toBe(false);
        // Wrapped: a promise returned as such would be awaited before the commit it waits for.
        return { erasing };
      });
      await erasing;
      const naming = await db
        .selectFrom('dashboard_signup_tracking')
        .select('day')
        .where('sub1', '=', 'click-race')
        .execute();
      expect(naming).toEqual([]);
      await rollUpDashboard(db, NOW);
      await expectSameAsRaw();
    },
  );
});

/** What erase-account does with the member's tracking, in one transaction. */
async function eraseTracking(memberId: number) {
  await db.transaction().execute(async (trx) => {
    await forgetTrackingInRollup(trx, memberId);
    await trx
      .updateTable('users')
      .set({ network: null, ref: null, sub1: null, sub2: null, sub3: null })
      .where('id', '=', memberId)
      .execute();
  });
}

/** Whether another transaction waits for `trx` to end (PostgreSQL), as a write waits on a row `trx` wrote. */
async function someoneWaitsFor(trx: Db): Promise<boolean> {
  const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::xid::text as xid`.execute(trx);
  const waiting = await sql<{ n: string }>`
    select count(*) as n from pg_locks
    where locktype = 'transactionid' and not granted and transactionid::text = ${rows[0]!.xid}`.execute(db);
  return Number(waiting.rows[0]!.n) > 0;
}
