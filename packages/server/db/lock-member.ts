import type { Kysely } from 'kysely';
import type { Engine } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Serialises a member's limited actions (daily swipes, credits) inside a transaction: on
 * PostgreSQL a row lock on the user, held until commit. SQLite runs one write transaction at a time,
 * which serialises them already.
 *
 * `FOR NO KEY UPDATE`, not `FOR UPDATE`: two of them on a member still wait for each other, but a
 * foreign-key check on her row (a message or an event written for her by another member's send)
 * does not wait for it. With `FOR UPDATE` it did, while that send held the events' lock this one
 * wanted next, and PostgreSQL failed one of the two with "deadlock detected"
 * (features/chat/concurrent-sends.test.ts).
 */
export async function lockMember(trx: Kysely<Database>, engine: Engine, userId: number): Promise<void> {
  if (engine !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}
