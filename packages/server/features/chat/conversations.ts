import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The id of the one conversation between two members, if they have one. */
export async function findConversation(db: Kysely<Database>, one: number, other: number): Promise<number | undefined> {
  const [a, b] = one < other ? [one, other] : [other, one];
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('member_a', '=', a)
    .where('member_b', '=', b)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Starts the conversation `from` opens with `to`, with a member row for each; answers its id. Two
 * first messages between the same two members may cross (each sender found no conversation yet): on
 * PostgreSQL the second insert waits for the first to commit and then finds the pair taken
 * (`conversations_pair`); it answers that conversation instead, whose members the first one wrote.
 */
export async function startConversation(
  db: Kysely<Database>,
  input: { brand: string; from: number; to: number; at: number },
): Promise<number> {
  const [a, b] = input.from < input.to ? [input.from, input.to] : [input.to, input.from];
  const started = await db
    .insertInto('conversations')
    .values({
      brand: input.brand,
      member_a: a,
      member_b: b,
      started_by: input.from,
      created_at: input.at,
      last_message_at: input.at,
    })
    .onConflict((conflict) => conflict.columns(['member_a', 'member_b']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!started) return (await findConversation(db, a, b))!;
  await db
    .insertInto('conversation_members')
    .values([
      { conversation_id: started.id, member_id: a, cleared_at: null },
      { conversation_id: started.id, member_id: b, cleared_at: null },
    ])
    .execute();
  return started.id;
}

/** Conversations a member started: free members may start FREE_CONVERSATION_LIMIT of them. */
export async function conversationsStartedBy(db: Kysely<Database>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('started_by', '=', memberId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
