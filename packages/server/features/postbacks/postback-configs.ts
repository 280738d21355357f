import type { Db } from '../../db/database.ts';
import type { PostbackEvent } from '../../db/schema.ts';
import { ApiError } from '../../errors/api-error.ts';
import type { Services } from '../../services.ts';
import { withAudit, type AuditActor } from '../operator/audit.ts';
import { CLI_ACTOR } from '../operator/operators.ts';
import { assertValidTemplate } from './postback-template.ts';
import { activeConfigs, insertConfig, markConfigRemoved } from './postbacks.queries.ts';

import { POSTBACK_EVENTS } from './postback-events.ts';

export { POSTBACK_EVENTS };

/** Network names and sub1 values as the tracking parameters carry them (trimmed, at most 100 characters). */
export const SOURCE_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

export interface NewPostbackConfig {
  brand: string;
  network: string;
  events: string[];
  url: string;
  /** false: `--hold off`, flagged signups' SOI postbacks are sent anyway. */
  hold: boolean;
}

export interface PostbackConfig {
  id: number;
  brand: string;
  network: string;
  events: PostbackEvent[];
  url: string;
  hold: boolean;
  created_at: string;
  created_by: string;
}

type ConfigRow = Awaited<ReturnType<typeof activeConfigs>>[number];

export function eventsOf(row: { events: string }): PostbackEvent[] {
  return row.events.split(',').filter((e): e is PostbackEvent => (POSTBACK_EVENTS as readonly string[]).includes(e));
}

export function toConfigJson(row: ConfigRow): PostbackConfig {
  return {
    id: row.id,
    brand: row.brand,
    network: row.network,
    events: eventsOf(row),
    url: row.url_template,
    hold: row.hold === 1,
    created_at: new Date(Number(row.created_at)).toISOString(),
    created_by: row.created_by,
  };
}

/**
 * Adds a postback config (`datekit postbacks add`, the console): checked before anything is written,
 * each problem a translated ApiError. In force at once: conversions look configs up when they happen.
 * Audited in the same transaction, as the command line or the operator who added it.
 */
export async function addPostbackConfig(
  services: Pick<Services, 'db' | 'brands' | 'config' | 'now'>,
  input: NewPostbackConfig,
  actor: AuditActor = CLI_ACTOR,
): Promise<PostbackConfig> {
  if (!services.brands.get(input.brand)) throw new ApiError('not_found');
  const network = input.network.trim();
  if (!SOURCE_NAME.test(network)) throw new ApiError('postback_network_invalid');
  const events = [...new Set(input.events.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (!events.length || events.some((e) => !(POSTBACK_EVENTS as readonly string[]).includes(e)))
    throw new ApiError('postback_events_invalid');
  const url = input.url.trim();
  await assertValidTemplate(url, { allowlist: services.config.postbackEndpointAllowlist });
  const row = {
    brand: input.brand,
    network,
    events: POSTBACK_EVENTS.filter((e) => events.includes(e)).join(','),
    url_template: url,
    hold: input.hold ? 1 : 0,
    created_at: services.now(),
    created_by: actor.email,
  };
  const id = await withAudit(
    services.db,
    actor,
    row.created_at,
    (trx) => insertConfig(trx, row),
    (id) => ({
      action: 'postback.add',
      targetType: 'postback_config',
      targetId: id,
      details: { brand: row.brand, network, events: row.events, url, hold: input.hold },
    }),
  );
  return toConfigJson({ ...row, id, removed_at: null });
}

export async function listPostbackConfigs(db: Db, brand?: string): Promise<PostbackConfig[]> {
  return (await activeConfigs(db, brand === undefined ? {} : { brand })).map(toConfigJson);
}

/** Removes a config: no new deliveries; those already queued are still sent (the conversion happened while it was in force). */
export async function removePostbackConfig(db: Db, id: number, now: number, actor: AuditActor = CLI_ACTOR) {
  return withAudit(
    db,
    actor,
    now,
    async (trx) => {
      const removed = await markConfigRemoved(trx, id, now);
      if (!removed) throw new ApiError('not_found');
      return removed;
    },
    (removed) => ({
      action: 'postback.remove',
      targetType: 'postback_config',
      targetId: id,
      details: { brand: removed.brand, network: removed.network },
    }),
  );
}
