import type { Kysely } from 'kysely';
import type { Engine } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Serialises a member's limited actions (daily swipes, credits) inside a transaction: on
 * PostgreSQL a row lock on the user, held until commit. SQLite runs one write transaction at a time,
 * which serialises them already.
 */
export async function lockMember(trx: Kysely<Database>, engine: Engine, userId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
