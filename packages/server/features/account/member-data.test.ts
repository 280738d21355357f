import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_GRACE_DAYS } from '@datekit/runtime/rules/constants';
import { DAY_MS } from '@datekit/runtime/rules/time';
import { everyTableText, memberColumns, tablesHoldingMember } from '../../test/member-tables.ts';
import { SIGNUP_PASSWORD, startTestServer, type TestServer } from '../../test/test-server.ts';
import { member, type TestMember } from '../../test/member.ts';
import { EVENT_RETENTION_MS } from '../../realtime/event-store.ts';
import { GRACE_MS } from './deletion.ts';
import { eraseAccount } from './erase-account.ts';
import { MEMBER_DATA } from './personal-data.ts';
import { keptRecordsCutoff, pruneKeptRecords } from './prune-kept-records.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let quillons = 0;
/** A member whose name stands nowhere else in the database, so that a trace of it is hers. */
const keeper = () => member(server, { label: 'Keeper', signup: { name: `Quillon${++quillons}x` } });

/** Strings only this member's data holds: none may be left anywhere after erasure. */
interface Traces {
  email: string;
  name: string;
  message: string;
  reportText: string;
  complaintName: string;
  note: string;
  iban: string;
  phone: string;
  street: string;
  pushEndpoint: string;
  sanctionFacts: string;
  checkoutUrl: string;
}

/**
 * A member with a row in as many member tables as the site fills: through the API where a member
 * does it, inserted where staff, a provider or a job would write it.
 */
async function busyMember(): Promise<{ m: TestMember; friend: TestMember; traces: Traces }> {
  const m = await keeper();
  const friend = await keeper();
  const other = await keeper();
  const t: Traces = {
    email: m.email,
    name: m.name,
    message: `Sent by ${m.name}: meet at the Tarnwick fountain`,
    reportText: `Reported by ${m.name}: asked me for money twice, Vellmark`,
    complaintName: `Complainant ${m.name}`,
    note: `Staff about ${m.id}: called from Ostrava, checked the Brimble ID`,
    iban: `DE893704004405${String(m.id).padStart(8, '0')}`,
    phone: `+49151${String(m.id).padStart(8, '0')}`,
    street: `Quendelgasse ${m.id}`,
    pushEndpoint: `https://push.example.test/sub/${m.id}-zorvath`,
    sanctionFacts: `Insulted members ${m.id} Harrowgate`,
    checkoutUrl: `https://checkout.example.test/pay/${m.id}-plimwick`,
  };
  await m.browser.post('/api/message.php', { profile_id: friend.id, text: t.message });
  await friend.browser.post('/api/message.php', { profile_id: m.id, text: 'An answer from a friend' });
  await m.browser.post('/api/like.php', { profile_id: friend.id });
  await other.browser.post('/api/like.php', { profile_id: m.id });
  await m.browser.post('/api/block.php', { profile_id: other.id });
  const report = await m.browser.post('/api/report.php', {
    reported_id: other.id,
    context: 'profile',
    reason: 'spam_scam',
    text: t.reportText,
  });
  expect(report.status).toBe(200);
  const complaint = await server.client().post('/api/complaint.php', {
    name: t.complaintName,
    email: m.email.toUpperCase(),
    subject: `Profile of ${other.id}`,
    text: `${t.reportText} (sent signed out)`,
  });
  expect(complaint.status).toBe(200);
  await friend.browser.post('/api/report.php', {
    reported_id: m.id,
    context: 'profile',
    reason: 'harassment',
    text: 'Rude words in chat',
  });

  const db = server.services.db;
  const now = server.services.now();
  const [operator] = await db
    .insertInto('operators')
    .values({
      email: `staff-${m.id}@example.com`,
      role: 'moderator',
      password_hash: 'x',
      totp_secret: 'x',
      totp_enrolled_at: null,
      totp_last_step: null,
      challenge_hash: null,
      challenge_expires_at: null,
      status: 'active',
      created_at: now,
      last_login_at: null,
    })
    .returning('id')
    .execute();
  await db
    .insertInto('operator_notes')
    .values({ user_id: m.id, operator_id: operator!.id, body: t.note, created_at: now })
    .execute();
  await db
    .insertInto('member_sanctions')
    .values({
      user_id: m.id,
      sanction: 'suspension',
      started_at: now - 30 * DAY_MS,
      ends_at: now - 20 * DAY_MS,
      operator_id: operator!.id,
      report_id: null,
      ground: 'terms',
      facts: t.sanctionFacts,
      ended_at: now - 20 * DAY_MS,
      ended_how: 'expired',
      ended_by: null,
      end_reason: null,
    })
    .execute();
  await db
    .insertInto('debit_mandates')
    .values({
      user_id: m.id,
      brand: 'alpha.test',
      status: 'valid',
      account_holder: m.name,
      iban: t.iban,
      street: t.street,
      house_number: '7',
      zip: '10115',
      city: 'Berlin',
      phone: t.phone,
      code_hash: null,
      code_expires_at: null,
      provider: 'sandbox',
      provider_customer_id: 'cst_1',
      provider_mandate_id: 'mdt_1',
      created_at: now,
      confirmed_at: now,
    })
    .execute();
  await db
    .insertInto('payment_customers')
    .values({ user_id: m.id, provider: 'sandbox', customer_id: `cst_${m.id}`, created_at: now })
    .execute();
  await db
    .insertInto('card_mandates')
    .values({
      user_id: m.id,
      provider: 'sandbox',
      provider_customer_id: `cst_${m.id}`,
      provider_mandate_id: `mdt_card_${m.id}`,
      label: 'Visa •••• 4242',
      status: 'valid',
      created_at: now,
    })
    .execute();
  const [payment] = await db
    .insertInto('payments')
    .values({
      user_id: m.id,
      brand: 'alpha.test',
      provider: 'sandbox',
      provider_payment_id: `tr_${m.id}`,
      bundle_id: 'b1',
      credits: 100,
      amount_cents: 1999,
      list_amount_cents: 1999,
      currency: 'EUR',
      method: 'creditcard',
      country: 'DE',
      status: 'paid',
      discount_code: null,
      checkout_url: t.checkoutUrl,
      vat_rate_bp: 1900,
      net_cents: 1680,
      vat_cents: 319,
      origin: 'http://alpha.test',
      created_at: now,
      updated_at: now,
      paid_at: now,
      refunded_at: null,
    })
    .returning('id')
    .execute();
  await db
    .insertInto('credit_ledger')
    .values({
      user_id: m.id,
      amount: 100,
      reason: 'purchase',
      ref: `payment:${payment!.id}`,
      note: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('discount_member_holds')
    .values({ brand: 'alpha.test', code: 'WELCOME25', user_id: m.id, payment_id: payment!.id, created_at: now })
    .execute();
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: m.id, endpoint: t.pushEndpoint, p256dh: 'p', auth: 'a', created_at: now, updated_at: now })
    .execute();
  await db
    .insertInto('discount_codes')
    .values({
      brand: 'alpha.test',
      code: `STAY${m.id}`,
      value_percentage: 20,
      country: null,
      user_id: m.id,
      expires_at: null,
      currency: null,
      status: 'active',
      validity: 'once-per-user',
      payment_methods: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('digest_mails')
    .values({ user_id: m.id, kind: 'weekly_update', period: '2026-W48', covers_until: now, sent: 1, created_at: now })
    .execute();
  return { m, friend, traces: t };
}

describe('member data on export and erasure', () => {
  it('exports every table that holds the member, or names why a table stays out', async () => {
    const { m, traces } = await busyMember();
    const res = await m.browser.get('/api/account-export.php');
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(res.bytes));

    const db = server.services.db;
    const columns = await memberColumns(db, server.services.engine);
    // The list names every table that can refer to a member (also those this member leaves empty),
    // no table that is gone or holds no member, and no file the export lacks.
    const memberTables = new Set(columns.map((c) => c.table));
    expect([...memberTables].filter((table) => !(table in MEMBER_DATA))).toEqual([]);
    for (const [table, rule] of Object.entries(MEMBER_DATA)) {
      expect(memberTables.has(table), table).toBe(true);
      if ('file' in rule.export) expect(files[rule.export.file], rule.export.file).toBeDefined();
    }
    const held = await tablesHoldingMember(db, columns, m.id);
    // The member above fills at least these: a check that cannot pass on an empty discovery.
    for (const table of ['users', 'payments', 'debit_mandates', 'reports', 'operator_notes', 'discount_member_holds'])
      expect(held.has(table), table).toBe(true);
    const unaccounted = [...held.keys()].filter((table) => {
      const rule = MEMBER_DATA[table as keyof typeof MEMBER_DATA]?.export;
      if (!rule) return true;
      if ('omitted' in rule) return rule.omitted.trim() === '';
      return !files[rule.file];
    });
    expect(unaccounted).toEqual([]);

    const read = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>;
    expect(read('payments.json')).toEqual([
      expect.objectContaining({
        amount_cents: 1999,
        currency: 'EUR',
        country: 'DE',
        status: 'paid',
        net_cents: 1680,
        vat_rate_percent: 19,
        vat_cents: 319,
      }),
    ]);
    const means = read('payment-means.json') as { direct_debit_mandates: { iban: string; phone: string }[] };
    expect(means.direct_debit_mandates).toEqual([
      expect.objectContaining({ iban: `DE89 •••• ${traces.iban.slice(-4)}`, phone: traces.phone }),
    ]);
    expect(strFromU8(files['payment-means.json']!)).not.toContain(traces.iban);
    expect(read('reports.json')).toMatchObject({
      made: [{ text: traces.reportText }],
      about_me: [{ reason: 'harassment' }],
    });
    // Who reported the member, and their words, are the reporter's.
    expect(strFromU8(files['reports.json']!)).not.toContain('Rude words in chat');
    expect(read('push-subscriptions.json')).toEqual([expect.objectContaining({ endpoint: traces.pushEndpoint })]);
    expect(read('staff-notes.json')).toEqual([expect.objectContaining({ note: traces.note })]);
  });

  it('after erasure leaves the member’s words nowhere, and rows only where the law keeps them', async () => {
    const { m, traces } = await busyMember();
    expect((await m.browser.post('/api/account-delete.php', { password: SIGNUP_PASSWORD })).status).toBe(200);
    server.advance(DELETION_GRACE_DAYS * DAY_MS + 1);
    // Erasure prunes other members' live events carrying the member's words: all past their retention.
    expect(EVENT_RETENTION_MS).toBeLessThan(GRACE_MS);
    expect(await eraseAccount(server.services, m.id)).toBe('erased');

    const db = server.services.db;
    const held = await tablesHoldingMember(db, await memberColumns(db, server.services.engine), m.id);
    const notKept = [...held.keys()].filter((table) => {
      const rule = MEMBER_DATA[table as keyof typeof MEMBER_DATA]?.erasure;
      return !rule || rule === 'deleted';
    });
    expect(notKept).toEqual([]);
    expect(await db.selectFrom('payments').select('amount_cents').where('user_id', '=', m.id).execute()).toEqual([
      { amount_cents: 1999 },
    ]);

    const tables = await everyTableText(db, server.services.engine);
    const left = Object.entries(traces).flatMap(([what, trace]) =>
      [...tables]
        .filter(([, text]) => text.toLowerCase().includes(trace.toLowerCase()))
        .map(([table]) => `${what} in ${table}`),
    );
    expect(left).toEqual([]);
  });
});

describe('records kept after erasure', () => {
  it('go at the end of the tenth year after the sale, only those of erased members', async () => {
    const { m: erased } = await busyMember();
    const { m: active } = await busyMember();
    expect((await erased.browser.post('/api/account-delete.php', { password: SIGNUP_PASSWORD })).status).toBe(200);
    server.advance(DELETION_GRACE_DAYS * DAY_MS + 1);
    expect(await eraseAccount(server.services, erased.id)).toBe('erased');
    const db = server.services.db;
    const now = server.services.now();
    const year = new Date(now).getUTCFullYear();
    expect(keptRecordsCutoff(now)).toBe(Date.UTC(year - 10, 0, 1));
    // A sale in the last days of the year eleven years ago is past; one on the first day of the
    // year ten years ago is kept until that year's tenth successor ends.
    const past = Date.UTC(year - 11, 11, 31, 23);
    const kept = Date.UTC(year - 10, 0, 1);
    for (const id of [erased.id, active.id]) {
      for (const at of [past, kept])
        await db
          .insertInto('credit_ledger')
          .values({ user_id: id, amount: 50, reason: 'purchase', ref: `old-${id}-${at}`, note: null, created_at: at })
          .execute();
      await db.updateTable('payments').set({ created_at: past, updated_at: past }).where('user_id', '=', id).execute();
    }
    const ledger = (id: number) =>
      db
        .selectFrom('credit_ledger')
        .select('created_at')
        .where('user_id', '=', id)
        .where('created_at', '<=', kept)
        .execute();
    const payments = (id: number) => db.selectFrom('payments').select('id').where('user_id', '=', id).execute();

    await pruneKeptRecords(server.services);
    expect(await ledger(erased.id)).toEqual([{ created_at: kept }]);
    expect(await payments(erased.id)).toEqual([]);
    expect(await ledger(active.id)).toHaveLength(2);
    expect(await payments(active.id)).toHaveLength(1);
    expect(await db.selectFrom('users').select('id').where('id', '=', erased.id).execute()).toHaveLength(1);
  });
});
