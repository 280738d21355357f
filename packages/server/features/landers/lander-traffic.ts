import type { Db } from '../../db/database.ts';
import type { Logger } from '../../ops/logger.ts';
import { ExperimentDirectory } from '../experiments/experiment-directory.ts';
import { LanderVisitCounter } from './visit-counter.ts';

/** What the site handler needs to count lander visits and answer experiment paths; one per process. */
export interface LanderTraffic {
  visits: LanderVisitCounter;
  experiments: ExperimentDirectory;
}

export function createLanderTraffic(db: Db, now: () => number, log: Logger): LanderTraffic {
  return { visits: new LanderVisitCounter(db, now, log), experiments: new ExperimentDirectory(db, now, log) };
}
