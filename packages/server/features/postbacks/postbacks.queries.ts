import type { Db } from '../../db/database.ts';
import type { PostbackEvent, PostbackStatus } from '../../db/schema.ts';

/** The configs in force for a brand's network (or every network of a brand, or of every brand). */
export function activeConfigs(db: Db, filter: { brand?: string; network?: string } = {}) {
  return db
    .selectFrom('postback_configs')
    .selectAll()
    .where('removed_at', 'is', null)
    .$if(filter.brand !== undefined, (q) => q.where('brand', '=', filter.brand!))
    .$if(filter.network !== undefined, (q) => q.where('network', '=', filter.network!))
    .orderBy('brand')
    .orderBy('network')
    .orderBy('id')
    .execute();
}

export async function insertConfig(
  db: Db,
  row: {
    brand: string;
    network: string;
    events: string;
    url_template: string;
    hold: number;
    created_at: number;
    created_by: string;
  },
): Promise<number> {
  const { id } = await db.insertInto('postback_configs').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Stamps a config removed; answers its brand and network, or undefined when there is no such config in force. */
export async function markConfigRemoved(db: Db, id: number, at: number) {
  return db
    .updateTable('postback_configs')
    .set({ removed_at: at })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .returning(['id', 'brand', 'network'])
    .executeTakeFirst();
}

/** What a conversion's postback needs from the member: brand and the tracking values of their signup. */
export function memberTracking(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'brand', 'network', 'ref', 'sub1', 'sub2', 'sub3'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** One delivery, once: answers its id, or undefined when this config, event, member and order has one already. */
export async function insertDelivery(
  db: Db,
  row: {
    config_id: number;
    brand: string;
    event: PostbackEvent;
    user_id: number;
    order_key: number;
    conversion_id: string;
    url: string;
    status: PostbackStatus;
    created_at: number;
  },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('postback_deliveries')
    .values(row)
    .onConflict((oc) => oc.columns(['config_id', 'event', 'user_id', 'order_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export function deliveryById(db: Db, id: number) {
  return db.selectFrom('postback_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function recordAttempt(
  db: Db,
  row: { delivery_id: number; at: number; status_code: number | null; duration_ms: number; error: string | null },
): Promise<number> {
  await db.insertInto('postback_attempts').values(row).execute();
  const { n } = await db
    .selectFrom('postback_attempts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('delivery_id', '=', row.delivery_id)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Moves a delivery from one status to another; false when it was no longer in `from` (someone else moved it). */
export async function moveDelivery(
  db: Db,
  id: number,
  from: PostbackStatus,
  to: Partial<{ status: PostbackStatus; sent_at: number; decided_at: number; decided_by: string }>,
): Promise<boolean> {
  const result = await db
    .updateTable('postback_deliveries')
    .set(to)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The newest deliveries (of a brand, of a status), with their config's network and the signup's score, for the console. */
export function recentDeliveries(db: Db, filter: { brand?: string; status?: PostbackStatus; limit: number }) {
  return db
    .selectFrom('postback_deliveries as d')
    .innerJoin('postback_configs as c', 'c.id', 'd.config_id')
    .select([
      'd.id',
      'd.config_id',
      'd.brand',
      'c.network',
      'd.event',
      'd.user_id',
      'd.order_key',
      'd.conversion_id',
      'd.url',
      'd.status',
      'd.created_at',
      'd.sent_at',
      'd.decided_at',
      'd.decided_by',
    ])
    .leftJoin('signup_quality as q', 'q.user_id', 'd.user_id')
    .select(['q.score', 'q.reasons'])
    .$if(filter.brand !== undefined, (q) => q.where('d.brand', '=', filter.brand!))
    .$if(filter.status !== undefined, (q) => q.where('d.status', '=', filter.status!))
    .orderBy('d.id', 'desc')
    .limit(filter.limit)
    .execute();
}

/** The attempts of these deliveries, oldest first. */
export function attemptsOf(db: Db, deliveryIds: number[]) {
  if (!deliveryIds.length) return Promise.resolve([]);
  return db
    .selectFrom('postback_attempts')
    .select(['delivery_id', 'at', 'status_code', 'duration_ms', 'error'])
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('id')
    .execute();
}
