import type { Db } from '../../db/database.ts';

/** Adds an operator's note to a member's record. */
export async function insertOperatorNote(
  db: Db,
  note: { memberId: number; operatorId: number; body: string; now: number },
): Promise<void> {
  await db
    .insertInto('operator_notes')
    .values({ user_id: note.memberId, operator_id: note.operatorId, body: note.body, created_at: note.now })
    .execute();
}

/** Whether the account exists and is not already pending deletion. */
export async function deletableAccount(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deletion_requested_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
