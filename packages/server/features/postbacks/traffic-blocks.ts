import type { Db } from '../../db/database.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { withAudit, type AuditActor } from '../operator/audit.ts';
import { CLI_ACTOR } from '../operator/operators.ts';
import { SOURCE_NAME } from './postback-configs.ts';
import { activeBlocks, insertBlock, markBlockRemoved } from './quality.queries.ts';

export interface TrafficBlock {
  id: number;
  brand: string;
  network: string;
  sub1: string | null;
  created_at: string;
  created_by: string;
}

/**
 * Blocks a source of a brand: a network, or only one sub1 of it. Its visitors still see the site and
 * may sign up; their signups from now on are marked `blocked` and none of their conversions is posted
 * back (signup-quality.ts, queue-postbacks.ts).
 */
export async function blockSource(
  services: Pick<Services, 'db' | 'brands' | 'now'>,
  input: { brand: string; network: string; sub1?: string | null },
  actor: AuditActor = CLI_ACTOR,
): Promise<TrafficBlock> {
  if (!services.brands.get(input.brand)) throw new ApiError('not_found');
  const network = input.network.trim();
  const sub1 = input.sub1?.trim() || null;
  if (!SOURCE_NAME.test(network) || (sub1 !== null && !SOURCE_NAME.test(sub1)))
    throw new ApiError('postback_network_invalid');
  const row = { brand: input.brand, network, sub1, created_at: services.now(), created_by: actor.email };
  const id = await withAudit(
    services.db,
    actor,
    row.created_at,
    (trx) => insertBlock(trx, row),
    (id) => ({
      action: 'traffic.block',
      targetType: 'traffic_block',
      targetId: id,
      details: { brand: row.brand, network, sub1 },
    }),
  );
  return toBlockJson({ ...row, id });
}

export async function listBlocks(db: Db, brand?: string): Promise<TrafficBlock[]> {
  return (await activeBlocks(db, brand)).map(toBlockJson);
}

/** Lifts a block: later signups of the source are posted back again (earlier ones stay blocked). */
export async function unblockSource(db: Db, id: number, now: number, actor: AuditActor = CLI_ACTOR) {
  return withAudit(
    db,
    actor,
    now,
    async (trx) => {
      const removed = await markBlockRemoved(trx, id, now);
      if (!removed) throw new ApiError('not_found');
      return removed;
    },
    (removed) => ({
      action: 'traffic.unblock',
      targetType: 'traffic_block',
      targetId: id,
      details: { brand: removed.brand, network: removed.network, sub1: removed.sub1 },
    }),
  );
}

function toBlockJson(row: Omit<TrafficBlock, 'created_at'> & { created_at: number }): TrafficBlock {
  return { ...row, created_at: new Date(Number(row.created_at)).toISOString() };
}
