import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentJson } from '@datekit/runtime/schemas/api/operator/campaigns';
import { validSignup, type TestServer } from '../../test/test-server.ts';
import { writeFakeLanderBuild } from '../../test/fake-lander-build.ts';
import { startServerWithOperators, type TestOperator } from '../operator/test-operators.ts';

let server: TestServer;
let owner: TestOperator;
let finance: TestOperator;
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-experiments-'));
beforeAll(async () => {
  writeFakeLanderBuild(distDir, 'alpha.test');
  ({
    server,
    operators: { owner, finance },
  } = await startServerWithOperators(['owner', 'finance'], { distDir }));
}, 30_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const ARMS = [
  { variant: 'gallery', niche: 'milf', weight: 50 },
  { variant: 'video', weight: 50 },
];

async function start(pathname: string, arms: unknown = ARMS) {
  return owner.browser.post<{ experiment: ExperimentJson; error?: string }>('/api/operator/experiments', {
    brand: 'alpha.test',
    path: pathname,
    name: 'Summer',
    arms,
  });
}

async function listed(): Promise<ExperimentJson[]> {
  await server.services.landers.visits.flush();
  const res = await finance.browser.get<{ experiments: ExperimentJson[] }>(
    '/api/operator/experiments?brand=alpha.test',
  );
  expect(res.status, res.text).toBe(200);
  return res.body.experiments;
}

/** The lander a page says it is (fake-lander-build.ts). */
const landerOf = (html: string) => /<h1>lander ([^<]+)<\/h1>/.exec(html)?.[1];

describe('lander experiments', () => {
  it('are started by a permitted operator, audited, and refuse what the site could not serve', async () => {
    const res = await start('/go/summer');
    expect(res.status, res.text).toBe(201);
    expect(res.body.experiment).toMatchObject({
      path: '/go/summer',
      status: 'running',
      arms: [
        { arm: 'a', variant: 'gallery', niche: 'milf', weight: 50, visits: 0, soi: 0 },
        { arm: 'b', variant: 'video', niche: null, weight: 50 },
      ],
      leader: null,
    });
    const audit = await server.services.db
      .selectFrom('operator_audit')
      .select(['action', 'target_id'])
      .where('action', '=', 'experiment.start')
      .execute();
    expect(audit).toEqual([{ action: 'experiment.start', target_id: String(res.body.experiment.id) }]);

    const refusals: [string, unknown, number, string][] = [
      ['/go/summer', ARMS, 409, 'experiment_path_taken'],
      ['/login', ARMS, 422, 'experiment_path_invalid'],
      ['/api/x', ARMS, 422, 'experiment_path_invalid'],
      ['go', ARMS, 422, 'experiment_path_invalid'],
      ['/go/Bad', ARMS, 422, 'experiment_path_invalid'],
      ['/go/one', [ARMS[0]], 422, 'experiment_arms_invalid'],
      ['/go/one', [...ARMS, { variant: 'nosuch', weight: 1 }], 422, 'experiment_arms_invalid'],
      ['/go/one', [{ variant: 'tinderswipe', niche: 'milf', weight: 1 }, ARMS[1]], 422, 'experiment_arms_invalid'],
      ['/go/one', [{ variant: 'gallery', niche: 'nosuch', weight: 1 }, ARMS[1]], 422, 'experiment_arms_invalid'],
      ['/go/one', ARMS.map((a) => ({ ...a, weight: 0 })), 422, 'experiment_arms_invalid'],
      ['/go/one', ARMS.map((a) => ({ ...a, weight: 1.5 })), 422, 'experiment_arms_invalid'],
    ];
    for (const [pathname, arms, status, error] of refusals) {
      const refused = await start(pathname, arms);
      expect([pathname, refused.status, refused.body.error]).toEqual([pathname, status, error]);
    }
    expect((await listed()).length).toBe(1);
    // Translated: the console shows the message in the operator's language.
    const dutch = await owner.browser.post<{ message: string }>(
      '/api/operator/experiments',
      { brand: 'alpha.test', path: '/login', arms: ARMS },
      { headers: { cookie: `${[...owner.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ')}; lang=nl` } },
    );
    expect(dutch.body.message).toMatch(/^Het pad moet/);

    const forbidden = await finance.browser.post('/api/operator/experiments', {
      brand: 'alpha.test',
      path: '/go/other',
      arms: ARMS,
    });
    expect(forbidden.status).toBe(403);
  });

  it('send each visitor one arm, the same on every visit, without a redirect, counted and attributed to it', async () => {
    const [experiment] = await listed();
    const cookie = `dk_arm_${experiment!.id}`;
    const seen = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const visitor = server.client();
      const headers = { 'user-agent': `visitor ${i}` };
      const first = await visitor.get('/go/summer?network=adnet&sub1=s9', { headers });
      expect(first.status).toBe(200);
      const arm = visitor.cookies.get(cookie)!;
      expect(['a', 'b']).toContain(arm);
      expect(landerOf(first.text)).toBe(arm === 'a' ? 'gallery/milf' : 'video');
      // Reload: the cookie keeps the arm (and is not set again).
      const again = await visitor.get('/go/summer', { headers });
      expect(landerOf(again.text)).toBe(landerOf(first.text));
      expect(again.headers['set-cookie']?.some((c) => c.startsWith(cookie)) ?? false).toBe(false);
      // Without cookies the same browser gets the same arm from the hash (a trailing slash is the same path).
      const cookieless = await server.client().get('/go/summer/', { headers });
      expect(landerOf(cookieless.text)).toBe(landerOf(first.text));
      seen.set(arm, (seen.get(arm) ?? 0) + 1);
      if (i === 0) {
        const signup = await visitor.post('/api/signup.php', validSignup({ email: 'arm@example.com' }));
        expect(signup.status).toBe(201);
        const row = await server.services.db
          .selectFrom('users')
          .select(['lander_variant', 'lander_niche', 'experiment_id', 'experiment_arm'])
          .where('email', '=', 'arm@example.com')
          .executeTakeFirstOrThrow();
        expect(row).toEqual({
          lander_variant: arm === 'a' ? 'gallery' : 'video',
          lander_niche: arm === 'a' ? 'milf' : null,
          experiment_id: experiment!.id,
          experiment_arm: arm,
        });
      }
    }
    expect(seen.size).toBe(2);

    const [after] = await listed();
    const visits = Object.fromEntries(after!.arms.map((a) => [a.arm, a.visits]));
    expect(visits.a! + visits.b!).toBe(120);
    expect(visits.a).toBe(3 * seen.get('a')!);
    expect(after!.arms.reduce((sum, a) => sum + a.soi, 0)).toBe(1);
    const withSignup = after!.arms.find((a) => a.soi === 1)!;
    expect(withSignup.soi_rate).toBeCloseTo(1 / withSignup.visits);
    expect(withSignup.soi_rate_low).toBeLessThan(withSignup.soi_rate!);
    expect(withSignup.p_value).toBeNull();
    expect(after!.leader).toBeNull();
    const counted = await server.services.db
      .selectFrom('lander_visits')
      .select(['network', 'sub1'])
      .where('experiment_id', '=', experiment!.id)
      .where('network', '=', 'adnet')
      .execute();
    expect(counted.length).toBeGreaterThan(0);
    expect(counted.every((r) => r.sub1 === 's9')).toBe(true);
  });

  it('send all traffic to the promoted arm, or the control once ended, and stop counting as the experiment', async () => {
    const [experiment] = await listed();
    const id = experiment!.id;
    const unknown = await owner.browser.post(`/api/operator/experiments/${id}/promote`, {
      brand: 'alpha.test',
      arm: 'z',
    });
    expect([unknown.status, unknown.body.error]).toEqual([422, 'experiment_arm_unknown']);
    const wrongBrand = await owner.browser.post(`/api/operator/experiments/${id}/end`, { brand: 'beta.test' });
    expect(wrongBrand.status).toBe(404);

    const promoted = await owner.browser.post<{ experiment: ExperimentJson }>(
      `/api/operator/experiments/${id}/promote`,
      {
        brand: 'alpha.test',
        arm: 'b',
      },
    );
    expect(promoted.status, promoted.text).toBe(200);
    expect(promoted.body.experiment).toMatchObject({ status: 'ended', winner_arm: 'b' });
    const before = (await listed())[0]!.arms.reduce((sum, a) => sum + a.visits, 0);
    for (let i = 0; i < 10; i++) {
      const visitor = server.client();
      visitor.cookies.set(`dk_arm_${id}`, 'a');
      const page = await visitor.get('/go/summer', { headers: { 'user-agent': `later ${i}` } });
      expect(landerOf(page.text)).toBe('video');
    }
    expect((await listed())[0]!.arms.reduce((sum, a) => sum + a.visits, 0)).toBe(before);

    const again = await owner.browser.post(`/api/operator/experiments/${id}/end`, { brand: 'alpha.test' });
    expect([again.status, again.body.error]).toEqual([409, 'experiment_not_running']);

    // A new experiment may take the path again; ending it without a winner shows the control.
    const next = await start('/go/summer', [ARMS[1], ARMS[0]]);
    expect(next.status, next.text).toBe(201);
    const ended = await owner.browser.post(`/api/operator/experiments/${next.body.experiment.id}/end`, {
      brand: 'alpha.test',
    });
    expect(ended.status).toBe(200);
    expect(landerOf((await server.client().get('/go/summer')).text)).toBe('video');
    const actions = await server.services.db
      .selectFrom('operator_audit')
      .select('action')
      .where('action', 'like', 'experiment.%')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual([
      'experiment.start',
      'experiment.promote',
      'experiment.start',
      'experiment.end',
    ]);
  });
});
