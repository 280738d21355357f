import type { Db } from '../../db/database.ts';
import type { PostbackStatus } from '../../db/schema.ts';
import { listPostbackConfigs } from './postback-configs.ts';
import { attemptsOf, recentDeliveries } from './postbacks.queries.ts';
import { listBlocks } from './traffic-blocks.ts';

/** The most deliveries one console answer lists (newest first), as OPERATOR_DELIVERIES_PAGE in the runtime. */
const PAGE = 100;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** Deliveries with their attempts, as the console shows them. */
async function deliveriesWithAttempts(db: Db, brand: string, status?: PostbackStatus) {
  const rows = await recentDeliveries(db, { brand, limit: PAGE, ...(status ? { status } : {}) });
  const attempts = await attemptsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    network: r.network,
    event: r.event,
    member_id: r.user_id,
    status: r.status,
    url: r.url,
    created_at: iso(r.created_at)!,
    sent_at: iso(r.sent_at),
    decided_by: r.decided_by,
    score: r.score,
    reasons: r.reasons ? r.reasons.split(',') : [],
    attempts: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({ at: iso(a.at)!, status_code: a.status_code, duration_ms: a.duration_ms, error: a.error })),
  }));
}

/** What the console's postbacks page shows for a brand: configs, recent deliveries, the holds queue, blocked sources. */
export async function postbacksOverview(db: Db, brand: string) {
  const [configs, deliveries, held, blocks] = await Promise.all([
    listPostbackConfigs(db, brand),
    deliveriesWithAttempts(db, brand),
    deliveriesWithAttempts(db, brand, 'held'),
    listBlocks(db, brand),
  ]);
  return { configs, deliveries, held, blocks };
}
