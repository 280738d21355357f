import type { Db } from '../../db/database.ts';
import type { Logger } from '../../ops/logger.ts';
import { ExperimentDirectory } from '../experiments/experiment-directory.ts';
import { LanderVisitCounter } from './visit-counter.ts';

/** What the site handler needs to count lander visits and answer experiment paths; one per process. */
export interface LanderTraffic {
  visits: LanderVisitCounter;
  experiments: ExperimentDirectory;
}

/** What both keep in memory on behalf of: the database they read and write, the clock, the log. */
export interface LanderTrafficDeps {
  db: Db;
  now: () => number;
  log: Logger;
}

export function createLanderTraffic(db: Db, now: () => number, log: Logger): LanderTraffic {
  const deps = { db, now, log };
  return { visits: new LanderVisitCounter(deps), experiments: new ExperimentDirectory(deps) };
}
