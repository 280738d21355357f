import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember } from '../../test/seed-members.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import type { PaymentStatus } from '../schema.ts';
import { down, up } from './20261129_0300_discounts_member_holds.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const member = (email: string) => insertTestMember(database.db, email);

const CODE = {
  brand: 'alpha.test',
  value_percentage: 10,
  country: null,
  user_id: null,
  expires_at: null,
  currency: null,
  status: 'active',
  payment_methods: null,
  created_at: 1,
} as const;

describe('migration 20261129_0300_discounts_member_holds', () => {
  it('lets the open checkouts that already carry a once-per-member discount hold it, the oldest per member', async () => {
    const db = database.db;
    // Migrations are written against an untyped database (they never see a later schema).
    const untyped = db as unknown as Kysely<unknown>;
    // As a database of before the migration: the table is not there yet.
    // Schema changes take the test schemas' lock, as every test that migrates does (test-database.ts).
    await database.migrating(() => down(untyped));
    const [a, b] = [await member('a@example.com'), await member('b@example.com')];
    await db
      .insertInto('discount_codes')
      .values([
        { ...CODE, code: 'EACH', validity: 'once-per-user' },
        { ...CODE, code: 'ALL', validity: 'unlimited' },
      ])
      .execute();
    const payment = async (userId: number, code: string | null, status: PaymentStatus, at: number) =>
      (
        await db
          .insertInto('payments')
          .values({
            user_id: userId,
            brand: 'alpha.test',
            provider: 'sandbox',
            provider_payment_id: null,
            bundle_id: 'starter',
            credits: 60,
            amount_cents: 1496,
            list_amount_cents: 1995,
            currency: 'EUR',
            method: 'creditcard',
            country: 'NL',
            status,
            discount_code: code,
            discount_percent: code ? 25 : 0,
            checkout_url: null,
            origin: 'http://alpha.test',
            created_at: at,
            updated_at: at,
            paid_at: null,
            refunded_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const aTimeBonus = await payment(a, 'TIMEBONUS25', 'open', 10);
    await payment(a, 'WELCOME25', 'open', 11); // the same first-purchase discount: a's older checkout holds it
    const aEach = await payment(a, 'EACH', 'pending', 12);
    await payment(a, 'ALL', 'open', 13); // unlimited: nothing to hold
    await payment(b, 'TIMEBONUS25', 'failed', 14); // decided: nothing to hold
    const bWelcome = await payment(b, 'WELCOME25', 'open', 15);
    await payment(b, null, 'open', 16);

    await database.migrating(() => up(untyped));
    const holds = await db
      .selectFrom('discount_member_holds')
      .select(['code', 'user_id', 'payment_id'])
      .orderBy('payment_id')
      .execute();
    expect(holds).toEqual([
      { code: 'WELCOME25', user_id: a, payment_id: aTimeBonus },
      { code: 'EACH', user_id: a, payment_id: aEach },
      { code: 'WELCOME25', user_id: b, payment_id: bWelcome },
    ]);
  });
});
