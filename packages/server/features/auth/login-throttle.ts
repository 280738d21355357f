import { sql } from 'kysely';
import type { Services } from '../../services.ts';

/**
 * Too many wrong passwords block the login for a while (spec §4). Counted per brand and e-mail
 * address, whether or not the address has an account, so the block reveals nothing either.
 */
export const MAX_FAILED_LOGINS = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const BLOCK_MS = 15 * 60_000;

export function throttleKey(brand: string, emailNormalized: string): string {
  return `${brand}|${emailNormalized}`;
}

/** Minutes left of a block, rounded up, or 0 when the login is not blocked. */
export async function blockedMinutes(services: Services, key: string): Promise<number> {
  const row = await services.db
    .selectFrom('login_throttle')
    .select('blocked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  const left = (row?.blocked_until ?? 0) - services.now();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** Records a wrong password; returns the block in minutes when this failure starts one, else 0. */
export async function recordFailure(services: Services, key: string): Promise<number> {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
    const freshWindow = !row || now - row.window_started_at > FAILURE_WINDOW_MS || (row.blocked_until ?? 0) > 0;
    const failures = freshWindow ? 1 : row.failures + 1;
    const blockedUntil = failures >= MAX_FAILED_LOGINS ? now + BLOCK_MS : null;
    const values = {
      failures,
      window_started_at: freshWindow ? now : row.window_started_at,
      blocked_until: blockedUntil,
    };
    if (row) await trx.updateTable('login_throttle').set(values).where('key', '=', key).execute();
    else {
      // Two first failures at once: the second one counts on top of the first instead of failing.
      await trx
        .insertInto('login_throttle')
        .values({ key, ...values })
        .onConflict((oc) => oc.column('key').doUpdateSet({ failures: sql`login_throttle.failures + 1` }))
        .execute();
    }
    return blockedUntil ? Math.ceil(BLOCK_MS / 60_000) : 0;
  });
}

export async function clearFailures(services: Services, key: string): Promise<void> {
  await services.db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
