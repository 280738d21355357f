import type { Db } from '../../db/database.ts';
import type { SignupQualityTable } from '../../db/schema.ts';

/** Signups of a brand from one /24 or /48 since a moment (the one being scored not yet among them). */
export async function signupsFromBlockSince(db: Db, brand: string, ipBlock: string, since: number): Promise<number> {
  const { n } = await db
    .selectFrom('signup_quality')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('brand', '=', brand)
    .where('ip_block', '=', ipBlock)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Signups and confirmed ones of a brand (of one network) between two moments: the DOI rate's parts. */
export async function doiCounts(db: Db, brand: string, from: number, to: number, network?: string) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('signups'),
      eb.fn.count<string | number>('activated_at').as('confirmed'),
    ])
    .where('brand', '=', brand)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .where('password_hash', 'is not', null)
    .$if(network !== undefined, (q) => q.where('network', '=', network!))
    .executeTakeFirstOrThrow();
  return { signups: Number(row.signups), confirmed: Number(row.confirmed) };
}

/** Whether a brand's source (network, and its sub1) is blocked now. */
export async function sourceBlocked(db: Db, brand: string, network: string, sub1: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('traffic_blocks')
    .select('id')
    .where('brand', '=', brand)
    .where('network', '=', network)
    .where('removed_at', 'is', null)
    .where((eb) => (sub1 === null ? eb('sub1', 'is', null) : eb.or([eb('sub1', 'is', null), eb('sub1', '=', sub1)])))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertQuality(db: Db, row: SignupQualityTable): Promise<void> {
  await db.insertInto('signup_quality').values(row).execute();
}

export function qualityOf(db: Db, userId: number) {
  return db
    .selectFrom('signup_quality')
    .select(['score', 'reasons', 'flagged', 'blocked'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function activeBlocks(db: Db, brand?: string) {
  return db
    .selectFrom('traffic_blocks')
    .select(['id', 'brand', 'network', 'sub1', 'created_at', 'created_by'])
    .where('removed_at', 'is', null)
    .$if(brand !== undefined, (q) => q.where('brand', '=', brand!))
    .orderBy('id')
    .execute();
}

export async function insertBlock(
  db: Db,
  row: { brand: string; network: string; sub1: string | null; created_at: number; created_by: string },
): Promise<number> {
  const { id } = await db.insertInto('traffic_blocks').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function markBlockRemoved(db: Db, id: number, at: number) {
  return db
    .updateTable('traffic_blocks')
    .set({ removed_at: at })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .returning(['id', 'brand', 'network', 'sub1'])
    .executeTakeFirst();
}
