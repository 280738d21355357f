import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { MAX_CREDITS_PER_BOOKING } from '@datekit/runtime/rules/constants';
import { grantCredits } from './grant.ts';
import { balanceOf, book } from './ledger.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const browser = server.client();
  await browser.post('/api/signup.php', validSignup({ email: 'granted@example.com' }));
  await browser.get(pathOf(server.latestActivationLink()));
});
afterAll(() => server.close());

const grant = (amount: number, extra: Partial<Parameters<typeof grantCredits>[1]> = {}) =>
  grantCredits(server.services, {
    brand: 'alpha.test',
    email: 'Granted@example.com',
    amount,
    operator: 'eva',
    reason: 'goodwill',
    ...extra,
  });

describe('granting credits', () => {
  it('books a ledger row naming the operator and reason', async () => {
    expect(await grant(50)).toMatchObject({ balance: 70 });
    const rows = await server.services.db
      .selectFrom('credit_ledger')
      .select(['amount', 'reason', 'note'])
      .where('reason', '=', 'grant')
      .execute();
    expect(rows).toEqual([{ amount: 50, reason: 'grant', note: 'eva: goodwill' }]);
  });

  it('takes credits back, never below zero', async () => {
    expect(await grant(-30, { reason: 'correction' })).toMatchObject({ balance: 40 });
    await expect(grant(-41)).rejects.toThrow('the balance is 40; taking 41 would go below zero');
  });

  it('refuses amounts that are not whole numbers within the bound, and books nothing', async () => {
    const before = await server.services.db.selectFrom('credit_ledger').select('id').execute();
    for (const amount of [1e300, 2.5, MAX_CREDITS_PER_BOOKING + 1, -MAX_CREDITS_PER_BOOKING - 1, NaN, Infinity]) {
      await expect(grant(amount), String(amount)).rejects.toThrow(/whole number other than 0, at most 1000000/);
    }
    expect(await server.services.db.selectFrom('credit_ledger').select('id').execute()).toEqual(before);
  });

  it('the ledger itself refuses a float or an amount beyond the bound', async () => {
    const { id } = await server.services.db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', 'granted@example.com')
      .executeTakeFirstOrThrow();
    for (const amount of [1e300, 0.5, MAX_CREDITS_PER_BOOKING + 1]) {
      await expect(book(server.services.db, { userId: id, amount, reason: 'grant', at: 0 })).rejects.toThrow(
        RangeError,
      );
    }
    const balance = await balanceOf(server.services.db, id);
    expect(Number.isInteger(balance)).toBe(true);
  });

  it('refuses unknown members, other brands, zero amounts and missing operator or reason', async () => {
    await expect(grant(5, { email: 'nobody@example.com' })).rejects.toThrow(/no member/);
    await expect(grant(5, { brand: 'beta.test' })).rejects.toThrow(/no member/);
    await expect(grant(0)).rejects.toThrow();
    await expect(grant(1.5)).rejects.toThrow();
    await expect(grant(5, { operator: ' ' })).rejects.toThrow();
  });
});
