import type { Db } from '../../db/database.ts';

/** Who did it: a signed-in operator, or the command line (operator_id null). */
export interface AuditActor {
  id: number | null;
  email: string;
}

export interface AuditEntry {
  /** What was done, as `<area>.<verb>`: `photo.approve`, `credits.grant`, `operator.login`… */
  action: string;
  targetType?:
    | 'member'
    | 'photo'
    | 'payment'
    | 'discount_code'
    | 'operator'
    | 'postback_config'
    | 'postback_delivery'
    | 'traffic_block'
    | 'experiment'
    | undefined;
  targetId?: string | number | undefined;
  reason?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
}

/**
 * Writes one audit row. Call it with the transaction of the action itself, so the row exists exactly
 * when the action took effect. The log is insert-only: no code path updates or deletes its rows.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, now: number): Promise<void> {
  await db
    .insertInto('operator_audit')
    .values(auditRow(actor, entry, now))
    .execute();
}

/**
 * Runs a change and records the audit entry made from its result in one transaction, so neither
 * lands without the other (the changes the CLI and the console both make: postbacks, traffic blocks).
 */
export function withAudit<T>(
  db: Db,
  actor: AuditActor,
  now: number,
  change: (trx: Db) => Promise<T>,
  entry: (result: T) => AuditEntry,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await recordAudit(trx, actor, entry(result), now);
    return result;
  });
}

function auditRow(actor: AuditActor, entry: AuditEntry, now: number) {
  return {
    operator_id: actor.id,
    operator_email: actor.email,
    action: entry.action,
    target_type: entry.targetType ?? null,
    target_id: entry.targetId === undefined ? null : String(entry.targetId),
    reason: entry.reason?.trim() || null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    created_at: now,
  };
}

export interface AuditQuery {
  before?: number | undefined;
  action?: string | undefined;
  operator?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  limit: number;
}

/** The newest rows first, paged by id (`before`). */
export async function listAudit(db: Db, query: AuditQuery) {
  return db
    .selectFrom('operator_audit')
    .selectAll()
    .$if(query.before !== undefined, (q) => q.where('id', '<', query.before!))
    .$if(Boolean(query.action), (q) => q.where('action', '=', query.action!))
    .$if(Boolean(query.operator), (q) => q.where('operator_email', '=', query.operator!.toLowerCase()))
    .$if(Boolean(query.targetType), (q) => q.where('target_type', '=', query.targetType!))
    .$if(Boolean(query.targetId), (q) => q.where('target_id', '=', query.targetId!))
    .orderBy('id', 'desc')
    .limit(query.limit)
    .execute();
}

/** `recordAudit` for several actions of one request (a bulk decision): one row each, one insert. */
export async function recordAudits(db: Db, actor: AuditActor, entries: AuditEntry[], now: number): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('operator_audit')
    .values(entries.map((entry) => auditRow(actor, entry, now)))
    .execute();
}
