import { createHash, randomBytes } from 'node:crypto';
import { insertMember, type Db } from '@datekit/server';

/** Seeded members: their ids and, in the same order, the `Cookie` header of each one's session. */
export interface SeededMembers {
  ids: number[];
  cookies: string[];
}

/**
 * `count` active members of `brand`, each logged in (a session written straight to the database), in
 * one transaction. The first one, the benches' sender, is a paying member with 10,000,000 credits, so
 * no bench stops at the paywall.
 */
export async function seedMembersWithSessions(
  db: Db,
  options: { brand: string; count: number; emailPrefix: string },
): Promise<SeededMembers> {
  const now = Date.now();
  const ids: number[] = [];
  const cookies: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < options.count; i++) {
      const id = await insertMember(trx, {
        brand: options.brand,
        email: `${options.emailPrefix}-${i}@members.invalid`,
        passwordHash: null,
        status: 'active',
        language: 'en',
        createdAt: now,
        acceptedTermsAt: now,
        profile: {
          name: `Member${i}`,
          gender: i % 2 ? 'male' : 'female',
          birth_date: '1990-01-01',
          country: 'NL',
          status: 'active',
        },
      });
      ids.push(id);
    }
    const sessions = ids.map((id) => {
      const token = randomBytes(32).toString('base64url');
      cookies.push(`dk_session=${token}`);
      return {
        token_hash: createHash('sha256').update(token).digest('hex'),
        user_id: id,
        created_at: now,
        expires_at: now + 86_400_000,
      };
    });
    for (let i = 0; i < sessions.length; i += 1_000)
      await trx
        .insertInto('sessions')
        .values(sessions.slice(i, i + 1_000))
        .execute();
    await trx.updateTable('users').set({ paid_user: 1 }).where('id', '=', ids[0]!).execute();
    await trx
      .insertInto('credit_ledger')
      .values({ user_id: ids[0]!, amount: 10_000_000, reason: 'grant', ref: null, note: 'bench', created_at: now })
      .execute();
  });
  return { ids, cookies };
}
