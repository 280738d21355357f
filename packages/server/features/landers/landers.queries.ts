import { commitWithoutFlush } from '../../db/async-commit.ts';
import type { Db } from '../../db/database.ts';
import type { LanderVisitsTable } from '../../db/schema.ts';

export type LanderVisitRow = LanderVisitsTable;

const KEY = ['brand', 'day', 'variant', 'niche', 'experiment_id', 'arm', 'network', 'sub1'] as const;

/**
 * Adds counted visits: one statement for the batch (its keys are distinct), insert or add. A crash of
 * the database may lose the last second's counts, as a crash of the server loses those not yet
 * flushed (db/async-commit.ts).
 */
export async function addLanderVisits(db: Db, rows: readonly LanderVisitRow[]): Promise<void> {
  if (rows.length === 0) return;
  await commitWithoutFlush(db, async (trx) => {
    // 9 values a row: 500 rows stay under SQLite's and PostgreSQL's parameter limits.
    for (let at = 0; at < rows.length; at += 500) {
      await trx
        .insertInto('lander_visits')
        .values(rows.slice(at, at + 500))
        .onConflict((oc) =>
          oc.columns(KEY).doUpdateSet((eb) => ({ visits: eb('lander_visits.visits', '+', eb.ref('excluded.visits')) })),
        )
        .execute();
    }
  });
}

/** Whether the brand has this experiment with this arm (a signup's attribution cookie is only a claim). */
export async function experimentArmExists(db: Db, brand: string, experimentId: number, arm: string): Promise<boolean> {
  const row = await db
    .selectFrom('experiment_arms as a')
    .innerJoin('experiments as e', 'e.id', 'a.experiment_id')
    .select('a.arm')
    .where('e.brand', '=', brand)
    .where('a.experiment_id', '=', experimentId)
    .where('a.arm', '=', arm)
    .executeTakeFirst();
  return row !== undefined;
}
