import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorFunnelResponse } from '@datekit/runtime/schemas/api/operator/campaigns';
import type { TestClient } from '../../test/http-client.ts';
import { validSignup, type TestServer } from '../../test/test-server.ts';
import { writeFakeLanderBuild } from '../../test/fake-lander-build.ts';
import { startServerWithOperators, type TestOperator } from '../operator/test-operators.ts';
import { funnelCsv } from './funnel-report.ts';

let server: TestServer;
let finance: TestOperator;
let support: TestOperator;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-funnel-'));
beforeAll(async () => {
  writeFakeLanderBuild(distDir, 'alpha.test');
  ({
    server,
    operators: { finance, support },
  } = await startServerWithOperators(['finance', 'support'], { distDir }));
}, 30_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

let signups = 0;
/**
 * A visitor who lands on `url`, and optionally signs up, confirms the e-mail and buys the starter bundle
 * (19.95 EUR, 14.96 with the welcome discount a new member gets).
 */
async function visitor(url: string, then: 'visit' | 'soi' | 'doi' | 'buy'): Promise<TestClient> {
  const browser = server.client();
  await browser.get(url);
  if (then === 'visit') return browser;
  const tracking = Object.fromEntries(new URL(url, 'http://x').searchParams);
  const res = await browser.post('/api/signup.php', validSignup({ email: `f${++signups}@example.com`, tracking }));
  expect(res.status, res.text).toBe(201);
  if (then === 'soi') return browser;
  const link = new URL(server.latestActivationLink());
  await browser.get(link.pathname + link.search);
  if (then === 'doi') return browser;
  const payment = await browser.post<{ payment: { payment_id: string } }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
  });
  expect(payment.status, payment.text).toBe(201);
  await browser.request('POST', '/api/sandbox-checkout.php', {
    raw: new URLSearchParams({ id: payment.body.payment.payment_id, outcome: 'paid' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    noClientHeader: true,
  });
  return browser;
}

const today = () => new Date(server.services.now()).toISOString().slice(0, 10);
async function report(query: string, browser = finance.browser) {
  await server.services.landers.visits.flush();
  return browser.get<OperatorFunnelResponse & { error?: string }>(`/api/operator/funnel?brand=alpha.test&${query}`);
}

describe('the funnel per source', () => {
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) await visitor('/landers/gallery/milf?network=n1&sub1=a', 'visit');
    await visitor('/landers/gallery/milf?network=n1&sub1=a', 'soi');
    await visitor('/landers/gallery/milf?network=n1&sub1=b', 'doi');
    await visitor('/landers/video/gay?network=n2', 'buy');
    await visitor('/landers/video/gay', 'visit');
    // A test client signs up faster than a person types, which traffic quality flags; the holds test
    // below flags the one signup it counts.
    await server.services.db.updateTable('signup_quality').set({ flagged: 0 }).execute();
  }, 60_000);

  it('per lander: visits, SOI, DOI, DOI rate, first purchases, revenue and revenue per visit', async () => {
    const res = await report(`from=${today()}&to=${today()}&group=lander`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows).toEqual([
      {
        variant: 'gallery',
        niche: 'milf',
        experiment_id: 0,
        arm: '',
        visits: 6,
        soi: 2,
        doi: 1,
        doi_rate: 0.5,
        first_purchases: 0,
        quality_holds: 0,
        postback_failures: 0,
        revenue_cents: {},
        revenue_per_visit_cents: {},
      },
      {
        variant: 'video',
        niche: 'gay',
        experiment_id: 0,
        arm: '',
        visits: 2,
        soi: 1,
        doi: 1,
        doi_rate: 1,
        first_purchases: 1,
        quality_holds: 0,
        postback_failures: 0,
        revenue_cents: { EUR: 1496 },
        revenue_per_visit_cents: { EUR: 748 },
      },
    ]);
    expect(res.body.total).toMatchObject({
      visits: 8,
      soi: 3,
      doi: 2,
      first_purchases: 1,
      revenue_cents: { EUR: 1496 },
    });
  });

  it('per network, and per sub1 of one network', async () => {
    const byNetwork = await report(`from=${today()}&to=${today()}&group=network`);
    expect(byNetwork.body.rows.map((r) => [r.network, r.visits, r.soi, r.doi, r.first_purchases])).toEqual([
      ['n1', 6, 2, 1, 0],
      ['n2', 1, 1, 1, 1],
      ['', 1, 0, 0, 0],
    ]);
    const bySub1 = await report(`from=${today()}&to=${today()}&group=sub1&network=n1`);
    expect(bySub1.body.rows.map((r) => [r.network, r.sub1, r.visits, r.soi, r.doi])).toEqual([
      ['n1', 'a', 5, 1, 0],
      ['n1', 'b', 1, 1, 1],
    ]);
    expect(bySub1.body.total).toMatchObject({ visits: 6, soi: 2 });
  });

  it('counts only the days asked for, and exports CSV', async () => {
    const tomorrow = new Date(server.services.now() + 86_400_000).toISOString().slice(0, 10);
    const empty = await report(`from=${tomorrow}&to=${tomorrow}`);
    expect(empty.body).toEqual({
      rows: [],
      total: expect.objectContaining({ visits: 0, soi: 0 }) as unknown,
    });
    const res = await report(`from=${today()}&to=${today()}&group=network`);
    expect(funnelCsv(res.body, 'network').split('\n')).toEqual([
      'network,visits,soi,doi,doi_rate,first_purchases,quality_holds,postback_failures,revenue_EUR,revenue_per_visit_EUR',
      'n1,6,2,1,0.5000,0,0,0,0.00,',
      'n2,1,1,1,1.0000,1,0,0,14.96,14.9600',
      ',1,0,0,,0,0,0,0.00,',
      'total,8,3,2,0.6667,1,0,0,14.96,1.8700',
      '',
    ]);
  });

  it('counts the signups traffic quality held and the postbacks that failed for good, per source', async () => {
    const db = server.services.db;
    const member = await db.selectFrom('users').select('id').where('network', '=', 'n2').executeTakeFirstOrThrow();
    const now = server.services.now();
    await db
      .insertInto('signup_quality')
      .values({
        user_id: member.id,
        brand: 'alpha.test',
        score: 80,
        reasons: 'automated',
        flagged: 1,
        blocked: 0,
        created_at: now,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ flagged: 1 }))
      .execute();
    const config = await db
      .insertInto('postback_configs')
      .values({
        brand: 'alpha.test',
        network: 'n2',
        events: 'soi,doi',
        url_template: 'https://pb.example/{event}',
        hold: 1,
        created_at: now,
        created_by: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const event of ['soi', 'doi'] as const)
      await db
        .insertInto('postback_deliveries')
        .values({
          config_id: config.id,
          brand: 'alpha.test',
          event,
          user_id: member.id,
          order_key: 0,
          conversion_id: `c-${event}`,
          url: 'https://pb.example/',
          status: 'failed',
          created_at: now,
        })
        .execute();
    const res = await report(`from=${today()}&to=${today()}&group=network`);
    expect(res.body.rows.map((r) => [r.network, r.quality_holds, r.postback_failures])).toEqual([
      ['n1', 0, 0],
      ['n2', 1, 2],
      ['', 0, 0],
    ]);
    expect(res.body.total).toMatchObject({ quality_holds: 1, postback_failures: 2 });
  });

  it('refuses a bad range or brand and roles without campaigns.read', async () => {
    for (const query of [
      `from=${today()}`,
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
      'from=2020-01-01&to=2026-01-01',
    ]) {
      const res = await report(query);
      expect([query, res.status, res.body.error]).toEqual([query, 422, 'validation_failed']);
    }
    const unknown = await finance.browser.get(`/api/operator/funnel?brand=nope.test&from=${today()}&to=${today()}`);
    expect(unknown.status).toBe(404);
    expect((await report(`from=${today()}&to=${today()}`, support.browser)).status).toBe(403);
  });
});
