import {
  operatorAddPostbackRoute,
  operatorBlockSourceRoute,
  operatorPostbacksRoute,
  operatorRejectHeldRoute,
  operatorReleaseHeldRoute,
  operatorRemovePostbackRoute,
  operatorUnblockSourceRoute,
} from '@datekit/runtime/schemas/api/contracts/marketing';
import { routeIdParamsSchema } from '@datekit/runtime/schemas/api/route-id';
import { ApiError } from '../../errors/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { decideHeldPostback } from '../postbacks/held-postbacks.ts';
import { addPostbackConfig, removePostbackConfig } from '../postbacks/postback-configs.ts';
import { postbacksOverview } from '../postbacks/postbacks-overview.ts';
import { blockSource, unblockSource } from '../postbacks/traffic-blocks.ts';

/** The `:id` of the path, or not_found (a look-alike such as `0x10` reaches nothing). */
function idOf(params: unknown): number {
  const parsed = routeIdParamsSchema.safeParse(params);
  if (!parsed.success) throw new ApiError('not_found');
  return parsed.data.id;
}

export const operatorPostbacks = defineRoute({
  contract: operatorPostbacksRoute,
  summary:
    "A brand's postback configs, its newest deliveries with their attempts, the SOI postbacks held for a decision and the blocked sources.",
  access: 'postbacks.read',
  errors: ['not_found'],
  handler: async ({ services, query }) => {
    const brand = services.brands.get(query.brand);
    if (!brand) throw new ApiError('not_found');
    return { ...(await postbacksOverview(services.db, brand.domain)), hold_score: brand.traffic_hold_score };
  },
});

const CONFIG_ERRORS = [
  'not_found',
  'postback_url_invalid',
  'postback_placeholder_unknown',
  'postback_host_not_public',
  'postback_events_invalid',
  'postback_network_invalid',
] as const;

export const operatorAddPostback = defineRoute({
  contract: operatorAddPostbackRoute,
  summary: 'Add a postback config (the rules of `datekit postbacks add`); in force at once; audited.',
  access: 'postbacks.manage',
  errors: [...CONFIG_ERRORS],
  handler: async ({ services, operator, body }) => {
    await addPostbackConfig(services, body, operator);
    return { ok: true as const };
  },
});

export const operatorRemovePostback = defineRoute({
  contract: operatorRemovePostbackRoute,
  summary: 'Remove a postback config: no new deliveries (queued ones are still sent); audited.',
  access: 'postbacks.manage',
  errors: ['not_found'],
  handler: async ({ services, operator, request }) => {
    await removePostbackConfig(services.db, idOf(request.params), services.now(), operator);
    return { ok: true as const };
  },
});

const decide = (decision: 'release' | 'reject') =>
  defineRoute({
    contract: decision === 'release' ? operatorReleaseHeldRoute : operatorRejectHeldRoute,
    summary:
      decision === 'release'
        ? 'Release a held SOI postback: it is sent now; audited.'
        : 'Reject a held SOI postback: it is never sent; audited.',
    access: 'postbacks.manage',
    errors: ['not_found', 'postback_not_held'],
    handler: async ({ services, operator, request }) => {
      await decideHeldPostback(services.db, idOf(request.params), decision, operator, services.now());
      return { ok: true as const };
    },
  });

export const operatorReleasePostback = decide('release');
export const operatorRejectPostback = decide('reject');

export const operatorBlockSource = defineRoute({
  contract: operatorBlockSourceRoute,
  summary: 'Block a source (a network, or one sub1 of it): its signups are never posted back; audited.',
  access: 'postbacks.manage',
  errors: ['not_found', 'postback_network_invalid'],
  handler: async ({ services, operator, body }) => {
    await blockSource(services, body, operator);
    return { ok: true as const };
  },
});

export const operatorUnblockSource = defineRoute({
  contract: operatorUnblockSourceRoute,
  summary: 'Lift a block: later signups of the source are posted back again; audited.',
  access: 'postbacks.manage',
  errors: ['not_found'],
  handler: async ({ services, operator, request }) => {
    await unblockSource(services.db, idOf(request.params), services.now(), operator);
    return { ok: true as const };
  },
});

export const operatorPostbackRoutes = [
  operatorPostbacks,
  operatorAddPostback,
  operatorRemovePostback,
  operatorReleasePostback,
  operatorRejectPostback,
  operatorBlockSource,
  operatorUnblockSource,
];
