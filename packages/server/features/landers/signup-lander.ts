import type { Db } from '../../db/database.ts';
import { decodeAttribution, type LanderAttribution } from './lander-attribution.ts';
import { experimentArmExists } from './landers.queries.ts';

/**
 * The lander a signup is attributed to: the `dk_lander` cookie the server set on the last lander page
 * the visitor was sent. A value the server would not have written is ignored, and an experiment arm
 * that is not one of this brand's is dropped (the lander stays): attribution never fails a signup.
 */
export async function signupLander(
  db: Db,
  brand: string,
  cookie: string | undefined,
): Promise<LanderAttribution | null> {
  const lander = decodeAttribution(cookie);
  if (!lander?.experimentId) return lander;
  if (await experimentArmExists(db, brand, lander.experimentId, lander.arm)) return lander;
  return { ...lander, experimentId: 0, arm: '' };
}
