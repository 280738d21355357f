import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { chooseBirthDate } from '../e2e/birth-date.ts';
import { skipEntryWarning } from '../e2e/entry-warning.ts';
import { CLIENT_HEADER, islandHydrated, PASSWORD } from '../e2e/session.ts';
import { skipToAccountStep } from '../e2e/signup-flow.ts';
import { startFakeMollie } from '../../packages/server/test/fake-mollie.ts';
import { ROOT } from '../e2e/e2e-env.ts';
import { deployment, NODE } from './deploy-env.ts';
import { activationLinkInMail, waitForSmtpMail } from './smtp-mail.ts';
import { unitService } from './systemd-unit.ts';

/**
 * docs/deployment.md run for real (global-setup.ts): nginx with the guide's file and a test CA, two
 * production `datekit serve` processes on PostgreSQL and Redis, mail over SMTP, payments through
 * Mollie's API. The tests run in order; the signup limit's test comes last, as it uses up this
 * client address's signups for the hour.
 */
const site = deployment();
const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A counter or gauge of one instance's /metrics (METRICS_PORT), summed over its label sets that match. */
async function metric(url: string, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(url)).text();
  const pattern = new RegExp(`^${name}(\\{[^}]*${labels}[^}]*\\})? (\\S+)$`, 'gm');
  return [...text.matchAll(pattern)].reduce((sum, m) => sum + Number(m[2]), 0);
}

/** The member's balance as the API tells their browser. */
async function balance(client: APIRequestContext): Promise<number> {
  const res = await client.get('/api/user.php');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user: { credits: number } }).user.credits;
}

/** Asks the fake Mollie (another process) to refund or charge back at the provider; it posts the webhook. */
async function atProvider(
  client: APIRequestContext,
  paymentId: string,
  action: 'refunds' | 'chargebacks',
  value?: string,
) {
  const res = await client.post(`${new URL(site.mollieUrl).origin}/_fake/payments/${paymentId}/${action}`, {
    headers: { authorization: `Bearer ${site.mollieKey}` },
    data: value ? { amount: { currency: 'EUR', value } } : {},
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { webhookStatus: number }).webhookStatus).toBe(200);
}

/**
 * Buys the starter bundle by card: the site sends the browser to Mollie's checkout (the fake's page),
 * "paid" there has Mollie post the webhook and send the browser back. Answers our payment id and Mollie's.
 */
async function buyStarter(page: Page): Promise<{ paymentId: string; molliePaymentId: string }> {
  await page.goto('/credits/starter');
  await page.getByTestId('method-creditcard').check();
  await expect(page).toHaveURL(/\/credits\/starter\/creditcard$/);
  await page.getByTestId('pay').click();
  const checkout = `${new URL(site.mollieUrl).origin}/checkout/`;
  await expect(page).toHaveURL((url) => url.href.startsWith(checkout));
  const molliePaymentId = page.url().slice(checkout.length);
  await page.getByTestId('mollie-paid').click();
  await expect(page).toHaveURL(/^https:\/\/localhost:\d+\/credits\/starter\/creditcard\?payment=\d+$/);
  await expect(page.getByTestId('payment-completed')).toContainText('60 credits have been added');
  return { paymentId: /payment=(\d+)/.exec(page.url())![1]!, molliePaymentId };
}

/** A second member in a browser of their own whose every request goes to `baseURL`; signed up and activated. */
async function memberAt(browser: Browser, baseURL: string, name: string) {
  const context = await browser.newContext({ baseURL });
  await skipEntryWarning(context);
  const page = await context.newPage();
  const email = unique(name.toLowerCase());
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT_HEADER,
    data: { email, name, password: PASSWORD, date_of_birth: '1988-02-03', gender: 'male', accept_terms: true },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { user } = (await signup.json()) as { user: { profile: { id: number } } };
  const activation = await page.request.get(activationLinkInMail(await waitForSmtpMail(site.mailDir, email)));
  expect(new URL(activation.url()).pathname).toBe('/activate/done');
  return { context, page, id: user.profile.id };
}

test('nginx serves the site over TLS from the test CA and sends plain HTTP to https', async ({ request }) => {
  expect((await request.get('/readyz')).status()).toBe(200);
  const plain = await request.get(`${site.httpUrl}/members`, { maxRedirects: 0 });
  expect(plain.status()).toBe(301);
  // The guide's redirect is for port 443: https://<host>/<path>.
  expect(plain.headers().location).toBe('https://localhost/members');
  // The request id nginx made ($request_id, 32 hex digits) is the servers' too: they trust the proxy.
  const settings = await request.get('/api/settings.php');
  expect(settings.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  // Metrics stay off the public port.
  expect((await request.get('/metrics')).status()).toBe(404);
});

test('Chromium trusts the run’s CA and nothing else: certificate checks stay on', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(`${site.baseUrl}/`);
  // A server whose certificate no trusted CA signed (the fake Mollie's default, self-signed) is refused.
  const stranger = await startFakeMollie();
  try {
    await expect(page.goto(stranger.url)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
  } finally {
    await stranger.close();
  }
});

test('a country header sent by the client does not reach the servers', async ({ request }) => {
  for (const header of ['CF-IPCountry', 'X-Country-Code', 'X-GeoIP-Country']) {
    const res = await request.get('/api/settings.php', { headers: { [header]: 'SE' } });
    expect(res.status()).toBe(200);
    const { settings } = (await res.json()) as { settings: { geoip_country: string | null } };
    expect(settings.geoip_country, header).toBeNull();
  }
});

test('sign up, activate from the SMTP mail, buy through Mollie, chat and a photo across instances, console refund, chargeback', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  await skipEntryWarning(context);
  const email = unique('deploy');
  const name = `Dana${Date.now() % 100000}`;

  await test.step('1. sign up in the browser, through nginx', async () => {
    await page.goto('/signup');
    await skipToAccountStep(page);
    const steps = page.getByTestId('signup-steps');
    const form = steps.getByTestId('signup-form');
    await form.locator('input[name="name"]').fill(name);
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(PASSWORD);
    await chooseBirthDate(form, '1990-04-12');
    await form.locator('input[name="gender"][value="female"]').check();
    await form.locator('input[name="accept_terms"]').check();
    await form.locator('button[type="submit"]').click();
    await expect(steps).toHaveAttribute('data-step', 'location');
    await steps.getByTestId('signup-step-skip').click();
    await expect(steps.getByTestId('signup-done')).toContainText(email);
  });

  await test.step('2. activate from the mail received over SMTP (STARTTLS)', async () => {
    const mail = await waitForSmtpMail(site.mailDir, email);
    // The mailer upgraded to TLS and verified the sink's certificate against NODE_EXTRA_CA_CERTS.
    expect(mail).toMatch(/^X-Secure: true\r?$/m);
    const link = activationLinkInMail(mail);
    // Built from the proxy's X-Forwarded-Proto and Host: the link leads back through nginx over https.
    expect(link).toMatch(new RegExp(`^${site.baseUrl}/api/activate\\.php\\?token=`));
    await page.goto(link);
    await expect(page).toHaveURL(/\/activate\/done$/);
    expect(await balance(page.request)).toBe(20);
  });

  let benId = 0;
  let first: { paymentId: string; molliePaymentId: string };
  await test.step('3. buy a bundle through Mollie: checkout, webhook, back on the site with the credits', async () => {
    first = await buyStarter(page);
    await expect(page.getByTestId('nav-credits')).toBeVisible();
    expect(await balance(page.request)).toBe(80);
    const res = await page.request.get(`${new URL(site.mollieUrl).origin}/_fake/webhooks`, {
      headers: { authorization: `Bearer ${site.mollieKey}` },
    });
    const { webhooks } = (await res.json()) as { webhooks: { id: string; status: number }[] };
    expect(webhooks).toContainEqual({ id: first.molliePaymentId, status: 200 });
  });

  await test.step('4. chat with a member whose tab is on the other instance; their photo too', async () => {
    // From here Dana's requests go to instance A only, Ben's to instance B only (the guide's file,
    // pinned to one instance each).
    const ben = await memberAt(browser, site.pinnedB, 'Ben');
    benId = ben.id;
    await page.goto(`${site.pinnedA}/members/${ben.id}/chat`);
    await expect(page.getByTestId('chat-partner')).toHaveText('Ben');
    // Dana's live stream is on A now (her earlier pages' streams, wherever they were, have closed).
    const streams = () =>
      Promise.all([
        metric(site.metricsA, 'datekit_open_event_streams'),
        metric(site.metricsB, 'datekit_open_event_streams'),
      ]);
    // A stream whose tab went away may be noticed only when the server next writes to it (a comment
    // every 25 s), so this waits longer than other states.
    await expect.poll(streams, { timeout: 40_000 }).toEqual([1, 0]);
    await ben.page.goto('/chats');
    await expect(ben.page.getByTestId('chat-list')).toContainText('No conversations yet');
    // Ben's is on B.
    await expect.poll(streams).toEqual([1, 1]);

    const text = `Hello Ben, from instance A (${Date.now()})`;
    await page.getByTestId('chat-input').fill(text);
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.getByTestId('chat-message')).toHaveCount(1);
    // Instance A took the message, instance B took none; Ben's tab on B shows it without a reload.
    await expect.poll(() => metric(site.metricsA, 'datekit_messages_sent_total', 'kind="text"')).toBe(1);
    await expect.poll(() => metric(site.metricsB, 'datekit_messages_sent_total', 'kind="text"')).toBe(0);
    const item = ben.page.getByTestId('chat-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('chat-preview')).toHaveText(text);
    // A photo Ben uploads through instance B is stored in the shared MEDIA_DIR: instance A serves it.
    const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#b35' } })
      .jpeg()
      .toBuffer();
    const upload = await ben.page.request.post('/api/photos.php', {
      headers: { ...CLIENT_HEADER, 'content-type': 'image/jpeg' },
      data: jpeg,
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { photo } = (await upload.json()) as { photo: { filename: string } };
    const fromA = await ben.context.request.get(`${site.pinnedA}${photo.filename}`);
    expect(fromA.status()).toBe(200);
    expect(fromA.headers()['content-type']).toMatch(/^image\//);
    await ben.context.close();
    expect(await balance(page.request)).toBe(70);
  });

  await test.step('5. an operator refunds the bundle in the console', async () => {
    const console = `https://operator.localhost:${new URL(site.baseUrl).port}`;
    const opsContext = await browser.newContext();
    const ops = await opsContext.newPage();
    await ops.goto(`${console}/login`);
    await islandHydrated(ops, 'OperatorLogin');
    const login = ops.getByTestId('op-login-form');
    await login.locator('input[name="email"]').fill(site.operator.email);
    await login.locator('input[name="password"]').fill(site.operator.password);
    await login.locator('button[type="submit"]').click();
    const codeForm = ops.getByTestId('op-code-form');
    await codeForm.locator('input[name="code"]').fill(generateSync({ secret: site.operator.totpSecret }));
    await Promise.all([ops.waitForURL(`${console}/`), codeForm.locator('button[type="submit"]').click()]);

    await ops.goto(`${console}/payments`);
    await islandHydrated(ops, 'OperatorPayments');
    const row = ops.locator(`tr[data-payment-id="${first.paymentId}"]`);
    ops.once('dialog', (dialog) => void dialog.accept('member asked for a refund'));
    await row.getByRole('button', { name: 'Refund' }).click();
    await expect(ops.getByRole('status')).toContainText('Refunded');
    await opsContext.close();

    // The unused credits of that bundle leave the balance; Mollie has the refund.
    expect(await balance(page.request)).toBe(10);
    const res = await page.request.get(`${site.mollieUrl}payments/${first.molliePaymentId}`, {
      headers: { authorization: `Bearer ${site.mollieKey}` },
    });
    const mollie = (await res.json()) as { amount: { value: string }; amountRefunded?: { value: string } };
    expect(mollie.amountRefunded?.value).toBe(mollie.amount.value);
    await waitForSmtpMail(site.mailDir, email, /refund/i);
  });

  await test.step('6. a chargeback at Mollie (webhook only) takes back what is left, never below zero', async () => {
    const second = await buyStarter(page);
    expect(await balance(page.request)).toBe(70);
    // 20 credits spent on two messages, then the bank reverses the payment: 50 credits are left of
    // the bundle's 60, so 50 go and the balance stops at 0.
    for (const text of ['one more', 'and another']) {
      const res = await page.request.post('/api/message.php', {
        headers: CLIENT_HEADER,
        data: { profile_id: benId, text },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
    expect(await balance(page.request)).toBe(50);
    await atProvider(page.request, second.molliePaymentId, 'chargebacks');
    // Within seconds of the payment's confirmation the webhook is followed at the quiet window's end.
    await expect.poll(() => balance(page.request), { timeout: 20_000 }).toBe(0);
    // Mollie repeats webhooks: nothing more is taken.
    await atProvider(page.request, second.molliePaymentId, 'chargebacks');
    expect(await balance(page.request)).toBe(0);
  });

  await test.step('a login at the production password cost (PASSWORD_SCRYPT_N left at its default)', async () => {
    // CPU of both instances around one login: the scrypt hash dominates it.
    const cpu = async () =>
      (await metric(site.metricsA, 'datekit_process_cpu_seconds_total')) +
      (await metric(site.metricsB, 'datekit_process_cpu_seconds_total'));
    const before = await cpu();
    const started = performance.now();
    const login = await page.request.post('/api/user.php', {
      headers: CLIENT_HEADER,
      data: { email, password: PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    const wall = performance.now() - started;
    console.log(
      `deployment stage: one login took ${Math.round(wall)} ms through nginx, ${Math.round(((await cpu()) - before) * 1000)} ms of the instances' CPU`,
    );
  });
});

test('a refund made at Mollie (webhook only) takes the bundle’s credits back', async ({ page, context }) => {
  await skipEntryWarning(context);
  const email = unique('refunded');
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT_HEADER,
    data: {
      email,
      name: 'Rena',
      password: PASSWORD,
      date_of_birth: '1991-05-06',
      gender: 'female',
      accept_terms: true,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await page.goto(activationLinkInMail(await waitForSmtpMail(site.mailDir, email)));
  await expect(page).toHaveURL(/\/activate\/done$/);
  const bought = await buyStarter(page);
  expect(await balance(page.request)).toBe(80);
  const payment = await page.request.get(`${site.mollieUrl}payments/${bought.molliePaymentId}`, {
    headers: { authorization: `Bearer ${site.mollieKey}` },
  });
  const { value } = ((await payment.json()) as { amount: { value: string } }).amount;
  await atProvider(page.request, bought.molliePaymentId, 'refunds', value);
  // Within seconds of the payment's confirmation the webhook is followed at the quiet window's end.
  await expect.poll(() => balance(page.request), { timeout: 20_000 }).toBe(20);
});

/**
 * POSTs JSON through nginx from another loopback address (Linux routes all of 127.0.0.0/8 to this
 * machine): a second client, which nginx sees as `localAddress`. Answers the status.
 */
function postFrom(localAddress: string, base: string, path: string, body: unknown): Promise<number> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        servername: url.hostname,
        ca: fs.readFileSync(site.caCert),
        headers: { host: url.host, 'content-type': 'application/json', ...CLIENT_HEADER },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

test('a client forging X-Forwarded-For through nginx stays within the signup limit, on both instances', async ({
  request,
}) => {
  // The signup limit is 5 an hour per client address, counted in Redis for both instances. Invalid
  // bodies count too (the limit is checked before the body is read), so no account is made here.
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const base = i % 2 ? site.pinnedA : site.pinnedB;
    const res = await request.post(`${base}/api/signup.php`, {
      headers: { ...CLIENT_HEADER, 'X-Forwarded-For': `203.0.113.${i + 1}` },
      data: {},
    });
    statuses.push(res.status());
    if (res.status() === 429) expect(Number(res.headers()['retry-after'])).toBeGreaterThan(0);
  }
  const firstRefusal = statuses.indexOf(429);
  // Signups of the tests above came from this address too: at most 5 pass in all, whatever it forges.
  expect(firstRefusal, statuses.join(' ')).toBeGreaterThanOrEqual(0);
  expect(firstRefusal, statuses.join(' ')).toBeLessThanOrEqual(5);
  expect(
    statuses.slice(firstRefusal).every((status) => status === 429),
    statuses.join(' '),
  ).toBe(true);
  // Another client (another address) is not limited: refused for its empty body (422), not 429. The
  // servers count per the address nginx saw, taken from the trusted proxy, not from the socket (which
  // is nginx's for every client).
  expect(await postFrom('127.0.0.2', site.baseUrl, '/api/signup.php', {})).toBe(422);
});

/** Whether a process id is still running (signal 0 checks without signalling). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a rolling restart as the guide describes: requests through nginx keep being answered', async ({ request }) => {
  test.setTimeout(180_000);
  const restarted: ChildProcess[] = [];
  try {
    for (const [index, instance] of site.instances.entries()) {
      // GETs through nginx, two at a time, all along: while the instance stops and while it is away.
      const statuses: number[] = [];
      let running = true;
      const loop = async () => {
        while (running) {
          const res = await request.get('/api/settings.php').catch(() => null);
          statuses.push(res?.status() ?? 0);
        }
      };
      const loops = [loop(), loop()];
      await expect.poll(() => statuses.length).toBeGreaterThan(10);
      process.kill(instance.pid, 'SIGTERM');
      await expect.poll(() => alive(instance.pid), { timeout: 15_000 }).toBe(false);
      const atExit = statuses.length;
      await expect.poll(() => statuses.length).toBeGreaterThan(atExit + 20);
      running = false;
      await Promise.all(loops);
      // Refused by the stopping instance, the requests went to the other (proxy_next_upstream).
      expect(
        statuses.filter((status) => status !== 200),
        `${statuses.length} requests`,
      ).toEqual([]);

      // systemd starts it again (the unit's settings); the next instance waits for its /readyz.
      const unit = unitService(String(instance.port));
      const metricsPort = new URL(index === 0 ? site.metricsA : site.metricsB).port;
      const child = spawn(NODE, unit.args, {
        cwd: ROOT,
        env: { ...site.serverEnv, ...unit.env, METRICS_PORT: metricsPort },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      restarted.push(child);
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${instance.port}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          {
            timeout: 60_000,
          },
        )
        .toBe(200);
    }
  } finally {
    for (const child of restarted) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
});
