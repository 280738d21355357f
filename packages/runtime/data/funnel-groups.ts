/**
 * How the funnel per source is grouped: per lander (variant, niche and experiment arm), per network,
 * or per sub1 of one network. A module without zod, so that the CLI's help reads it.
 */
export const FUNNEL_GROUPS = ['lander', 'network', 'sub1'] as const;
export type FunnelGroup = (typeof FUNNEL_GROUPS)[number];
