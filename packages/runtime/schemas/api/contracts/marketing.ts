import { contract } from '../../../api/contract.ts';
import { okResponseSchema } from '../ok.ts';
import {
  experimentActionRequestSchema,
  experimentCreateRequestSchema,
  experimentResponseSchema,
  operatorExperimentsQuerySchema,
  operatorExperimentsResponseSchema,
  operatorFunnelQuerySchema,
  operatorFunnelResponseSchema,
} from '../operator/campaigns.ts';
import {
  operatorPostbacksQuerySchema,
  operatorPostbacksResponseSchema,
  postbackCreateRequestSchema,
  trafficBlockRequestSchema,
} from '../operator/postbacks.ts';

// The console's marketing pages (the operator host only): postbacks, traffic quality, experiments, the funnel.

export const operatorPostbacksRoute = contract({
  method: 'GET',
  path: '/api/operator/postbacks',
  query: operatorPostbacksQuerySchema,
  response: operatorPostbacksResponseSchema,
});

export const operatorAddPostbackRoute = contract({
  method: 'POST',
  path: '/api/operator/postbacks',
  body: postbackCreateRequestSchema,
  response: okResponseSchema,
});

export const operatorRemovePostbackRoute = contract({
  method: 'POST',
  path: '/api/operator/postbacks/:id/remove',
  response: okResponseSchema,
});

export const operatorReleaseHeldRoute = contract({
  method: 'POST',
  path: '/api/operator/postback-deliveries/:id/release',
  response: okResponseSchema,
});

export const operatorRejectHeldRoute = contract({
  method: 'POST',
  path: '/api/operator/postback-deliveries/:id/reject',
  response: okResponseSchema,
});

export const operatorBlockSourceRoute = contract({
  method: 'POST',
  path: '/api/operator/traffic-blocks',
  body: trafficBlockRequestSchema,
  response: okResponseSchema,
});

export const operatorUnblockSourceRoute = contract({
  method: 'POST',
  path: '/api/operator/traffic-blocks/:id/remove',
  response: okResponseSchema,
});

export const operatorFunnelRoute = contract({
  method: 'GET',
  path: '/api/operator/funnel',
  query: operatorFunnelQuerySchema,
  response: operatorFunnelResponseSchema,
});

export const operatorExperimentsRoute = contract({
  method: 'GET',
  path: '/api/operator/experiments',
  query: operatorExperimentsQuerySchema,
  response: operatorExperimentsResponseSchema,
});

export const operatorStartExperimentRoute = contract({
  method: 'POST',
  path: '/api/operator/experiments',
  body: experimentCreateRequestSchema,
  response: experimentResponseSchema,
});

export const operatorEndExperimentRoute = contract({
  method: 'POST',
  path: '/api/operator/experiments/:id/end',
  body: experimentActionRequestSchema,
  response: experimentResponseSchema,
});

export const operatorPromoteArmRoute = contract({
  method: 'POST',
  path: '/api/operator/experiments/:id/promote',
  body: experimentActionRequestSchema,
  response: experimentResponseSchema,
});
