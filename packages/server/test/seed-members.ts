import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { insertMember } from '../features/users/insert-member.ts';
import { SESSION_COOKIE } from '../http/request-context.ts';

/**
 * Member `index`'s gender, birth date and country: alternating genders, ages spread over 19 to 66
 * and a third in Belgium, as a site's members are, so that searches by age, gender or country match
 * a share of them, not all or none (every member born on one day made two of the capacity bench's
 * five searches match no one, and read every profile to find that out). The first member is a
 * woman born on 1 January 1990 in the Netherlands.
 */
function demographics(index: number) {
  const year = 1960 + ((index * 17 + 30) % 48);
  const month = String(1 + (index % 12)).padStart(2, '0');
  const day = String(1 + (index % 28)).padStart(2, '0');
  return {
    gender: index % 2 ? ('male' as const) : ('female' as const),
    birth_date: `${year}-${month}-${day}`,
    country: index % 3 === 2 ? 'BE' : 'NL',
  };
}

/** Seeded members: their ids and, in the same order, the `Cookie` header of each one's session. */
export interface SeededMembers {
  ids: number[];
  cookies: string[];
}

/**
 * `count` active members of `brand`, each logged in (a session written straight to the database), in
 * one transaction, for the benchmarks and drills. The senders (by default the first member) are paying
 * members with `credits` each (default 10,000,000), so no run stops at the paywall.
 */
export async function seedMembersWithSessions(
  db: Db,
  options: {
    brand: string;
    count: number;
    emailPrefix: string;
    isSender?: (index: number) => boolean;
    credits?: number;
  },
): Promise<SeededMembers> {
  const isSender = options.isSender ?? ((index) => index === 0);
  const credits = options.credits ?? 10_000_000;
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
        profile: { name: `Member${i}`, status: 'active', ...demographics(i) },
      });
      ids.push(id);
    }
    const sessions = ids.map((id) => {
      const token = randomBytes(32).toString('base64url');
      cookies.push(`${SESSION_COOKIE}=${token}`);
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
    const senders = ids.filter((_, index) => isSender(index));
    if (senders.length === 0) return;
    // In chunks: a statement takes at most 32,766 values on SQLite.
    for (let i = 0; i < senders.length; i += 1_000) {
      const chunk = senders.slice(i, i + 1_000);
      await trx.updateTable('users').set({ paid_user: 1 }).where('id', 'in', chunk).execute();
      await trx
        .insertInto('credit_ledger')
        .values(
          chunk.map((id) => ({
            user_id: id,
            amount: credits,
            reason: 'grant' as const,
            ref: null,
            note: 'bench',
            created_at: now,
          })),
        )
        .execute();
    }
  });
  return { ids, cookies };
}

/**
 * The messages `senders` sent, in the order stored: what a drill holds against what the senders were
 * told (acknowledged) and what the tabs received. The text tells a retry that acted twice apart.
 */
export function messagesSentBy(db: Db, senders: readonly number[]): Promise<{ id: number; body: string | null }[]> {
  return db
    .selectFrom('messages')
    .select(['id', 'body'])
    .where('sender_id', 'in', [...senders])
    .orderBy('id')
    .execute();
}

/** One active member of alpha.test written straight to the database, for tests below the API. */
export function insertTestMember(db: Db, email: string, name = 'M'): Promise<number> {
  return insertMember(db, {
    brand: 'alpha.test',
    email,
    passwordHash: null,
    status: 'active',
    language: 'en',
    createdAt: 1,
    acceptedTermsAt: 1,
    profile: { name, gender: 'female', birth_date: '1990-01-01', country: 'NL', status: 'active' },
  });
}
