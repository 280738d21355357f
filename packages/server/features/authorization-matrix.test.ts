import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { brandFileSchema } from '@datekit/runtime/schemas/brand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../test/http-client.ts';
import { createDiscountCode } from './discounts/manage-codes.ts';
import { browserPushKeys } from '../test/fake-push-service.ts';
import { ALPHA_BRAND_FILE, betaBrand, closedBrand } from '../test/fixture-brands.ts';
import { pathOf, startTestServer, validSignup, type TestServer } from '../test/test-server.ts';

/** Alpha offering direct debit too, so its endpoints answer past the method check. */
const alphaWithDebit = brandFileSchema.parse({ ...ALPHA_BRAND_FILE, payment_methods: ['creditcard', 'directdebit'] });
const MANDATE = {
  account_holder: 'Matrix Member',
  iban: 'NL91ABNA0417164300',
  street: 'Damrak',
  house_number: '1',
  zip: '1012 LG',
  city: 'Amsterdam',
  phone: '+31 6 1234 0000',
};

/**
 * Every member endpoint against every kind of caller, each cell asserting the exact status and error
 * (the live event stream has its own tests in realtime/, since it never ends).
 * The callers act on one target member T of brand alpha.test:
 *   visitor      - no session
 *   free         - an active member of alpha.test
 *   premium      - an active paying member of alpha.test
 *   unconfirmed  - a member who has not followed the activation link yet
 *   blocked      - a member whom T blocked
 *   invisible    - a member looking at T while T is invisible (and never contacted them)
 *   otherBrand   - an active member of beta.test (their session, alpha's API)
 */
type Caller = 'visitor' | 'free' | 'premium' | 'unconfirmed' | 'blocked' | 'invisible' | 'otherBrand';
const CALLERS: Caller[] = ['visitor', 'free', 'premium', 'unconfirmed', 'blocked', 'invisible', 'otherBrand'];

let server: TestServer;
let target: { id: number; browser: TestClient; photo: Buffer };
/** A conversation between T and another member: nobody else may read or delete it. */
let othersChat: number;
/** A payment of T and a discount code only T may use. */
let othersPayment: number;
/** The code texted to T for T's pending direct debit mandate. */
let othersMandateCode: string;
const callers = {} as Record<Caller, TestClient>;
/** T's browser push subscription: nobody else may remove it. */
const TARGET_PUSH_ENDPOINT = 'https://push.example.com/matrix/target';

let counter = 0;
async function member(host = 'alpha.test', activate = true): Promise<{ id: number; browser: TestClient }> {
  const browser = server.client(host);
  const res = await browser.post<{ user: { profile: { id: number } } }>(
    '/api/signup.php',
    validSignup({ email: `matrix-${++counter}@example.com`, tracking: { network: 'matrix' } }),
  );
  if (activate) await browser.get(pathOf(server.latestActivationLink()));
  return { id: res.body.user.profile.id, browser };
}

beforeAll(async () => {
  // With the mail provider's secret set, so the webhook row shows a session never stands in for it.
  server = await startTestServer({
    brands: [alphaWithDebit, betaBrand, closedBrand],
    // Push endpoints on push.example.com, which resolves nowhere here: allowed by its exact origin.
    env: { MAIL_WEBHOOK_SECRET: 'matrix-provider-secret', PUSH_ENDPOINT_ALLOWLIST: 'https://push.example.com' },
  });
  const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#357' } })
    .jpeg()
    .toBuffer();
  const t = await member();
  target = { ...t, photo };
  await t.browser.request('POST', '/api/photos.php', { raw: photo, headers: { 'content-type': 'image/jpeg' } });
  await server.services.db.updateTable('photos').set({ status: 'active' }).where('profile_id', '=', t.id).execute();

  const partner = await member();
  const sent = await partner.browser.post<{ message: { conversation_id: number } }>('/api/message.php', {
    profile_id: t.id,
    text: 'Only for the two of us',
  });
  othersChat = sent.body.message.conversation_id;
  const bought = await t.browser.post<{ payment: { id: number } }>('/api/payment.php', {
    bundle_id: 'starter',
    method: 'creditcard',
  });
  othersPayment = bought.body.payment.id;
  await t.browser.post('/api/directdebit.php', { ...MANDATE, phone: '+31 6 0000 0001' });
  const sms = fs.readdirSync(server.services.config.smsOutboxDir);
  const text = fs.readFileSync(path.join(server.services.config.smsOutboxDir, sms[0]!), 'utf8');
  othersMandateCode = /\b(\d{6})\b/.exec(text)![1]!;
  await t.browser.post('/api/user.php?push=1', { endpoint: TARGET_PUSH_ENDPOINT, keys: browserPushKeys().json });
  await createDiscountCode(server.services, {
    brand: 'alpha.test',
    code: 'TARGETONLY',
    percent: 10,
    validity: 'unlimited',
    email: 'matrix-1@example.com',
  });

  callers.visitor = server.client();
  callers.free = (await member()).browser;
  const premium = await member();
  await server.services.db.updateTable('users').set({ paid_user: 1 }).where('id', '=', premium.id).execute();
  callers.premium = premium.browser;
  callers.unconfirmed = (await member('alpha.test', false)).browser;
  const blocked = await member();
  await t.browser.post('/api/block.php', { profile_id: blocked.id });
  callers.blocked = blocked.browser;
  callers.invisible = (await member()).browser;
  callers.otherBrand = (await member('beta.test')).browser;
  // The other-brand member calls alpha's host with their own (beta) session cookie.
  const session = callers.otherBrand.cookies.get('dk_session')!;
  callers.otherBrand = server.client('alpha.test');
  callers.otherBrand.cookies.set('dk_session', session);
});
afterAll(() => server.close());

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: () => string;
  body?: () => unknown;
  raw?: () => Buffer;
}

const about = { id: () => target.id };
const ENDPOINTS: Record<string, Call> = {
  'GET likes.php': { method: 'GET', path: () => '/api/likes.php' },
  'POST like.php': { method: 'POST', path: () => '/api/like.php', body: () => ({ profile_id: about.id() }) },
  'DELETE like.php': { method: 'DELETE', path: () => '/api/like.php', body: () => ({ profile_id: about.id() }) },
  'GET auto-like.php': { method: 'GET', path: () => '/api/auto-like.php' },
  'GET match-moment.php': { method: 'GET', path: () => '/api/match-moment.php' },
  'POST match-moment.php': {
    method: 'POST',
    path: () => '/api/match-moment.php',
    body: () => ({ profile_id: about.id() }),
  },
  'GET member.php': { method: 'GET', path: () => `/api/member.php?id=${about.id()}` },
  'GET member-photos.php': { method: 'GET', path: () => `/api/member-photos.php?id=${about.id()}` },
  'POST swipe.php': { method: 'POST', path: () => '/api/swipe.php', body: () => ({ profile_id: about.id() }) },
  'GET swipe.php': { method: 'GET', path: () => '/api/swipe.php' },
  'GET profile.php': { method: 'GET', path: () => '/api/profile.php' },
  'PUT profile.php': { method: 'PUT', path: () => '/api/profile.php', body: () => ({ city: 'Utrecht' }) },
  'GET photos.php': { method: 'GET', path: () => '/api/photos.php' },
  'POST photos.php': { method: 'POST', path: () => '/api/photos.php', raw: () => target.photo },
  'GET members.php': { method: 'GET', path: () => '/api/members.php' },
  'GET chats.php': { method: 'GET', path: () => '/api/chats.php' },
  'POST message.php': {
    method: 'POST',
    path: () => '/api/message.php',
    body: () => ({ profile_id: about.id(), text: 'Hello there' }),
  },
  "GET chat.php (someone else's)": { method: 'GET', path: () => `/api/chat.php?id=${othersChat}` },
  "DELETE chat.php (someone else's)": {
    method: 'DELETE',
    path: () => '/api/chat.php',
    body: () => ({ conversation: { id: othersChat } }),
  },
  'POST block.php': { method: 'POST', path: () => '/api/block.php', body: () => ({ profile_id: about.id() }) },
  'GET notifications.php': { method: 'GET', path: () => '/api/notifications.php' },
  'PUT notifications.php': {
    method: 'PUT',
    path: () => '/api/notifications.php',
    body: () => ({ preferences: { like: false } }),
  },
  'POST notifications-enable.php': { method: 'POST', path: () => '/api/notifications-enable.php', body: () => ({}) },
  'POST user.php?push=1': {
    method: 'POST',
    path: () => '/api/user.php?push=1',
    body: () => ({ endpoint: `https://push.example.com/matrix/${++counter}`, keys: browserPushKeys().json }),
  },
  "DELETE user.php?push=1 (someone else's)": {
    method: 'DELETE',
    path: () => '/api/user.php?push=1',
    body: () => ({ endpoint: TARGET_PUSH_ENDPOINT }),
  },
  'POST mail-change.php': {
    method: 'POST',
    path: () => '/api/mail-change.php',
    body: () => ({ email: `moved-${++counter}@example.com`, password: validSignup().password }),
  },
  'PUT password.php': {
    method: 'PUT',
    path: () => '/api/password.php',
    body: () => ({
      old_password: validSignup().password,
      password: validSignup().password,
      password_repeat: validSignup().password,
    }),
  },
  'POST sessions-end.php': { method: 'POST', path: () => '/api/sessions-end.php' },
  'GET account-delete.php': { method: 'GET', path: () => '/api/account-delete.php' },
  'POST account-delete.php (wrong password)': {
    method: 'POST',
    path: () => '/api/account-delete.php',
    body: () => ({ password: 'not the password' }),
  },
  'GET account-export.php': { method: 'GET', path: () => '/api/account-export.php' },
  'GET credits.php': { method: 'GET', path: () => '/api/credits.php' },
  'POST payment.php': {
    method: 'POST',
    path: () => '/api/payment.php',
    body: () => ({ bundle_id: 'starter', method: 'creditcard' }),
  },
  'GET payments.php': { method: 'GET', path: () => '/api/payments.php' },
  "GET payment.php (someone else's)": { method: 'GET', path: () => `/api/payment.php?id=${othersPayment}` },
  "GET discountcode.php (someone else's code)": { method: 'GET', path: () => '/api/discountcode.php?code=TARGETONLY' },
  'POST unsubscribe.php (no valid token)': {
    method: 'POST',
    path: () => '/api/unsubscribe.php?token=guessed-token',
    body: () => ({ 'List-Unsubscribe': 'One-Click' }),
  },
  'POST mail-events.php (no provider secret)': {
    method: 'POST',
    path: () => '/api/mail-events.php',
    body: () => ({ type: 'bounce', email: 'matrix-1@example.com' }),
  },
  'GET directdebit.php': { method: 'GET', path: () => '/api/directdebit.php' },
  'POST directdebit.php': { method: 'POST', path: () => '/api/directdebit.php', body: () => MANDATE },
  "POST directdebit-confirm.php (someone else's mandate code)": {
    method: 'POST',
    path: () => '/api/directdebit-confirm.php',
    body: () => ({ code: othersMandateCode }),
  },
  'GET repeat-order.php': { method: 'GET', path: () => '/api/repeat-order.php' },
  'POST repeat-order.php (nothing to repeat)': { method: 'POST', path: () => '/api/repeat-order.php' },
  'POST directdebit-payment.php (no confirmed mandate)': {
    method: 'POST',
    path: () => '/api/directdebit-payment.php',
    body: () => ({ bundle_id: 'starter' }),
  },
};

const OK = 'ok';
const AUTH = { status: 403, error: 'authentication_required' };
const BLOCKED = { status: 403, error: 'blocked_by' };
const HIDDEN = { status: 404, error: 'not_found' };
/** Another member's discount code is answered as one that does not exist. */
const NO_CODE = { status: 404, error: 'discount_not_found' };
/** An unconfirmed member has no credits yet: the signup credits come with the activation. */
const NO_CREDITS = { status: 402, error: 'insufficient_credits' };
/** A code texted to T confirms nobody else's mandate. */
const CODE_INVALID = { status: 422, error: 'directdebit_code_invalid' };
const NO_MANDATE = { status: 409, error: 'directdebit_mandate_required' };
const WRONG_PASSWORD = { status: 422, error: 'old_password_wrong' };
/** The one-click unsubscribe and the mail provider's webhook take their own credential, never a session. */
const BAD_LINK = { status: 400, error: 'reset_link_invalid' };
const NOT_THE_PROVIDER = { status: 403, error: 'authentication_required' };
type Expected = typeof OK | { status: number; error: string };

/**
 * What each caller gets. Endpoints about T: a blocked caller gets blocked_by, T's invisibility and
 * another brand hide T (404). Own-account endpoints work for every member of the host's brand; a
 * session of another brand is no session here (403 authentication_required).
 */
function expected(endpoint: string, caller: Caller): Expected {
  const aboutTarget = [
    'POST like.php',
    'GET member.php',
    'GET member-photos.php',
    'POST swipe.php',
    'POST block.php',
    'POST message.php',
  ].includes(endpoint);
  if (endpoint.endsWith('(no valid token)')) return BAD_LINK;
  if (endpoint.endsWith('(no provider secret)')) return NOT_THE_PROVIDER;
  if (caller === 'visitor' || caller === 'otherBrand') {
    // The demo-like fixture brand does not allow logged-out search.
    return AUTH;
  }
  // Another member's conversation is answered as one that does not exist, for every caller.
  if (endpoint.endsWith("(someone else's)")) return HIDDEN;
  // Deleting an account needs its password, whoever asks; nobody deletes an account with a session alone.
  if (endpoint.endsWith('(wrong password)')) return WRONG_PASSWORD;
  if (endpoint.endsWith("(someone else's code)")) return NO_CODE;
  if (endpoint.endsWith("(someone else's mandate code)")) return CODE_INVALID;
  if (endpoint.endsWith('(no confirmed mandate)')) return NO_MANDATE;
  // Only a paid order can be repeated; none of the callers has one.
  if (endpoint.endsWith('(nothing to repeat)')) return HIDDEN;
  if (!aboutTarget) return OK;
  if (caller === 'blocked') return BLOCKED;
  if (caller === 'invisible') return HIDDEN;
  if (caller === 'unconfirmed' && endpoint === 'POST message.php') return NO_CREDITS;
  return OK;
}

describe('authorization matrix', () => {
  for (const caller of CALLERS) {
    describe(caller, () => {
      for (const [endpoint, call] of Object.entries(ENDPOINTS)) {
        const want = expected(endpoint, caller);
        it(`${endpoint} → ${want === OK ? '2xx' : `${want.status} ${want.error}`}`, async () => {
          const hidden = caller === 'invisible';
          if (hidden)
            await server.services.db
              .updateTable('profiles')
              .set({ invisible: 1 })
              .where('id', '=', target.id)
              .execute();
          try {
            const res = await callers[caller].request<Record<string, unknown>>(call.method, call.path(), {
              ...(call.body ? { body: call.body() } : {}),
              ...(call.raw ? { raw: call.raw(), headers: { 'content-type': 'image/jpeg' } } : {}),
            });
            if (want === OK) {
              expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
              expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
            } else {
              expect(res.status).toBe(want.status);
              expect(res.body.error).toBe(want.error);
              expect(typeof res.body.message).toBe('string');
              if (want === AUTH) expect(res.body.authentication_required).toBe(true);
            }
          } finally {
            if (hidden)
              await server.services.db
                .updateTable('profiles')
                .set({ invisible: 0 })
                .where('id', '=', target.id)
                .execute();
            // Keep the target reachable for the next cells: undo likes and blocks the cell made.
            await server.services.db.deleteFrom('likes').where('liked_id', '=', target.id).execute();
            await server.services.db.deleteFrom('blocks').where('blocked_id', '=', target.id).execute();
          }
        });
      }
    });
  }
});
