import type { Services } from '../../services.ts';
import { balanceOf } from '../credits/ledger.ts';
import { debtOf } from '../payments/credit-debt.ts';
import { isSanctioned } from '../reports/sanctions.ts';
import { ACCOUNT_COLUMNS, ATTRIBUTION_COLUMNS } from '../users/member-row.ts';
import { memberState } from './member-search.ts';

const LIST_LIMIT = 100;
/** Sign-ins shown on the member page (the newest); older ones stay until the retention deletes them. */
export const SIGN_IN_LIMIT = 50;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Everything the member page shows, in a fixed number of queries (one per list). */
export async function memberDetail(services: Services, id: number, showPhotos: boolean) {
  const db = services.db;
  const row = await db
    .selectFrom('users as u')
    .innerJoin('profiles as p', 'p.id', 'u.id')
    .select([
      ...ACCOUNT_COLUMNS,
      ...ATTRIBUTION_COLUMNS,
      'u.activated_at',
      'u.deletion_requested_at',
      'u.erased_at',
      'p.name',
      'p.gender',
      'p.birth_date',
      'p.country',
      'p.city',
      'p.about',
      'p.status as profile_status',
      'p.invisible',
      'u.sanction',
      'u.sanctioned_at',
      'u.sanction_ends_at',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [photos, sessions, signIns, sanctions, ledger, payments, notes, balance, debt] = await Promise.all([
    db.selectFrom('photos').select(['id', 'status', 'is_main']).where('profile_id', '=', id).orderBy('id').execute(),
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', id)
      .orderBy('created_at', 'desc')
      .limit(LIST_LIMIT)
      .execute(),
    db
      .selectFrom('member_sign_ins')
      .select(['at', 'method', 'outcome', 'ip_prefix', 'user_agent'])
      .where('user_id', '=', id)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(SIGN_IN_LIMIT)
      .execute(),
    db
      .selectFrom('member_sanctions as m')
      .leftJoin('operators as o', 'o.id', 'm.operator_id')
      .leftJoin('operators as e', 'e.id', 'm.ended_by')
      .select([
        'm.id',
        'm.sanction',
        'm.started_at',
        'm.ends_at',
        'm.report_id',
        'm.ground',
        'm.facts',
        'm.ended_at',
        'm.ended_how',
        'm.end_reason',
        'o.email as operator_email',
        'e.email as ended_by_email',
      ])
      .where('m.user_id', '=', id)
      .orderBy('m.id', 'desc')
      .limit(LIST_LIMIT)
      .execute(),
    db
      .selectFrom('credit_ledger')
      .select(['id', 'amount', 'reason', 'note', 'created_at'])
      .where('user_id', '=', id)
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
      .execute(),
    db
      .selectFrom('payments')
      .select([
        'id',
        'amount_cents',
        'currency',
        'credits',
        'method',
        'status',
        'refunded_cents',
        'credits_reversed',
        'credits_unrecovered',
        'created_at',
      ])
      .where('user_id', '=', id)
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
      .execute(),
    db
      .selectFrom('operator_notes as n')
      .innerJoin('operators as o', 'o.id', 'n.operator_id')
      .select(['n.id', 'o.email', 'n.body', 'n.created_at'])
      .where('n.user_id', '=', id)
      .orderBy('n.id', 'desc')
      .execute(),
    balanceOf(db, id),
    debtOf(db, id),
  ]);
  const tracking = [row.network, row.ref, row.sub1, row.sub2, row.sub3].some(Boolean)
    ? [row.network, row.ref, row.sub1, row.sub2, row.sub3].map((v) => v ?? '').join(' / ')
    : null;
  return {
    member: {
      id: row.id,
      brand: row.brand,
      email: row.email,
      name: row.name,
      status: memberState(row),
      created_at: iso(row.created_at)!,
      language: row.language,
      paid_user: Boolean(row.paid_user),
      activated_at: iso(row.activated_at),
      deletion_requested_at: iso(row.deletion_requested_at),
      gender: row.gender,
      birth_date: row.birth_date,
      country: row.country,
      city: row.city,
      about: row.about,
      profile_status: row.profile_status,
      invisible: Boolean(row.invisible),
      tracking,
      balance,
      debt,
    },
    photos: photos.map((p) => ({
      id: p.id,
      status: p.status,
      is_main: Boolean(p.is_main),
      url: showPhotos ? `/api/operator/photos/${p.id}/file` : null,
    })),
    sessions: sessions.map((s) => ({ at: iso(s.created_at)!, expires_at: iso(s.expires_at)! })),
    sign_ins: signIns.map((s) => ({
      at: iso(s.at)!,
      method: s.method,
      outcome: s.outcome,
      ip: s.ip_prefix,
      user_agent: s.user_agent,
    })),
    sanction: currentSanction(row, sanctions, services.now()),
    sanctions: sanctions.map((m) => ({
      id: m.id,
      ...sanctionJson(m),
      ended_at: iso(m.ended_at),
      ended_how: m.ended_how,
      ended_by_email: m.ended_by_email,
      end_reason: m.end_reason,
    })),
    ledger: ledger.map((l) => ({ id: l.id, amount: l.amount, reason: l.reason, note: l.note, at: iso(l.created_at)! })),
    payments: payments.map((p) => ({
      id: p.id,
      amount_cents: p.amount_cents,
      currency: p.currency,
      credits: p.credits,
      method: p.method,
      status: p.status,
      refunded_cents: p.refunded_cents,
      credits_reversed: p.credits_reversed,
      credits_unrecovered: p.credits_unrecovered,
      at: iso(p.created_at)!,
    })),
    notes: notes.map((n) => ({ id: n.id, operator_email: n.email, body: n.body, at: iso(n.created_at)! })),
  };
}

interface SanctionRow {
  sanction: 'ban' | 'suspension';
  started_at: number;
  ends_at: number | null;
  operator_email: string | null;
  ground: string | null;
  facts: string | null;
  report_id: number | null;
  ended_at: number | null;
}

function sanctionJson(m: SanctionRow) {
  return {
    kind: m.sanction,
    since: iso(m.started_at)!,
    until: iso(m.ends_at),
    operator_email: m.operator_email,
    ground: m.ground,
    facts: m.facts,
    report_id: m.report_id,
  };
}

/**
 * The sanction in force now, from the users row (what the sessions obey), with who and why from its
 * running history row; a sanction imposed before the history was kept shows without them.
 */
function currentSanction(
  user: { sanction: 'ban' | 'suspension' | null; sanctioned_at: number | null; sanction_ends_at: number | null },
  history: SanctionRow[],
  now: number,
) {
  if (!user.sanction || !isSanctioned({ sanction: user.sanction, sanction_ends_at: user.sanction_ends_at }, now))
    return null;
  const running = history.find((m) => m.ended_at === null && m.sanction === user.sanction);
  return sanctionJson(
    running ?? {
      sanction: user.sanction,
      started_at: user.sanctioned_at ?? 0,
      ends_at: user.sanction_ends_at,
      operator_email: null,
      ground: null,
      facts: null,
      report_id: null,
      ended_at: null,
    },
  );
}
