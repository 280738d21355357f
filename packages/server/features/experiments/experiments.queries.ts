import type { Db } from '../../db/database.ts';
import type { ExperimentArmsTable, ExperimentsTable } from '../../db/schema.ts';

export type ExperimentArm = Omit<ExperimentArmsTable, 'experiment_id'>;

export interface LiveExperiment extends Omit<ExperimentsTable, 'id' | 'created_at' | 'ended_at'> {
  id: number;
  created_at: number;
  ended_at: number | null;
  /** In arm order: 'a' (the control) first. */
  arms: ExperimentArm[];
}

async function withArms(db: Db, rows: Omit<LiveExperiment, 'arms'>[]): Promise<LiveExperiment[]> {
  if (rows.length === 0) return [];
  const arms = await db
    .selectFrom('experiment_arms')
    .selectAll()
    .where(
      'experiment_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('experiment_id')
    .orderBy('arm')
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    created_at: Number(row.created_at),
    ended_at: row.ended_at === null ? null : Number(row.ended_at),
    arms: arms
      .filter((a) => Number(a.experiment_id) === Number(row.id))
      .map((a) => ({ arm: a.arm, variant: a.variant, niche: a.niche, weight: Number(a.weight) })),
  }));
}

/** Every brand's experiments, newest first per path (the server serves the newest on a path). */
export async function liveExperiments(db: Db): Promise<LiveExperiment[]> {
  const rows = await db.selectFrom('experiments').selectAll().orderBy('id', 'desc').execute();
  return withArms(db, rows);
}

/** A brand's experiments, newest first. */
export async function brandExperiments(db: Db, brand: string): Promise<LiveExperiment[]> {
  const rows = await db
    .selectFrom('experiments')
    .selectAll()
    .where('brand', '=', brand)
    .orderBy('id', 'desc')
    .execute();
  return withArms(db, rows);
}

export async function experimentById(db: Db, id: number): Promise<LiveExperiment | undefined> {
  const rows = await db.selectFrom('experiments').selectAll().where('id', '=', id).execute();
  return (await withArms(db, rows))[0];
}

/** The running experiment on a brand's path, if any (one path runs one experiment at a time). */
export async function runningOnPath(db: Db, brand: string, path: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('experiments')
    .select('id')
    .where('brand', '=', brand)
    .where('path', '=', path)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function insertExperiment(
  db: Db,
  experiment: { brand: string; path: string; name: string; createdAt: number; arms: readonly ExperimentArm[] },
): Promise<number> {
  const { id } = await db
    .insertInto('experiments')
    .values({
      brand: experiment.brand,
      path: experiment.path,
      name: experiment.name,
      status: 'running',
      winner_arm: null,
      created_at: experiment.createdAt,
      ended_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('experiment_arms')
    .values(experiment.arms.map((arm) => ({ ...arm, experiment_id: Number(id) })))
    .execute();
  return Number(id);
}

/** Ends a running experiment, with the arm that gets all traffic from now on (null: the control). */
export async function endExperimentRow(db: Db, id: number, winner: string | null, now: number): Promise<boolean> {
  const result = await db
    .updateTable('experiments')
    .set({ status: 'ended', winner_arm: winner, ended_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
