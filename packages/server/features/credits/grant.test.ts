import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationLink, pathOf, startTestServer, validSignup, type TestServer } from '../../test/test-server.ts';
import { grantCredits } from './grant.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const browser = server.client();
  await browser.post('/api/signup.php', validSignup({ email: 'granted@example.com' }));
  await browser.get(pathOf(activationLink(server.outbox().at(-1)!)));
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

  it('refuses unknown members, other brands, zero amounts and missing operator or reason', async () => {
    await expect(grant(5, { email: 'nobody@example.com' })).rejects.toThrow(/no member/);
    await expect(grant(5, { brand: 'beta.test' })).rejects.toThrow(/no member/);
    await expect(grant(0)).rejects.toThrow();
    await expect(grant(1.5)).rejects.toThrow();
    await expect(grant(5, { operator: ' ' })).rejects.toThrow();
  });
});
