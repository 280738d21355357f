import type { OperatorRole } from '../../db/schema.ts';

export type { OperatorRole };

export const OPERATOR_ROLES = ['owner', 'moderator', 'support', 'finance'] as const satisfies readonly OperatorRole[];

/**
 * What each role may do: THE one table of the console's authorization. Every operator route names one
 * permission; docs/operator-console.md shows the same table (a test keeps the two equal).
 * Roles sign in to see anything; an owner may do everything.
 */
export const PERMISSIONS = {
  /** Read the audit log. */
  'audit.read': ['owner'],
  /** Photo queue: approve or reject photos waiting for a check. */
  'photos.moderate': ['owner', 'moderator'],
  /** Search members and open a member page (profile, status, sign-ins, ledger, payments, notes). */
  'members.read': ['owner', 'moderator', 'support', 'finance'],
  /** See a member's photos in full. */
  'members.photos': ['owner', 'moderator'],
  /** Write staff notes on a member. */
  'members.notes': ['owner', 'moderator', 'support'],
  /** Grant or take back credits (a ledger row with the reason). */
  'members.credits': ['owner', 'support'],
  /** Send the activation mail again. */
  'members.activation': ['owner', 'support'],
  /** Delete a member's account (erasure after the grace period). */
  'members.delete': ['owner', 'support'],
  /** Ban and unban members (the reports part of the console). */
  'members.ban': ['owner', 'moderator'],
  /** The reports queue and its decisions (the reports part of the console). */
  'reports.handle': ['owner', 'moderator'],
  /** List payments and chargebacks. */
  'payments.read': ['owner', 'support', 'finance'],
  /** Refund a payment within the brand's refund_days. */
  'payments.refund': ['owner', 'finance'],
  /** List discount codes with their use. */
  'discounts.read': ['owner', 'finance'],
  /** Create and disable discount codes. */
  'discounts.manage': ['owner', 'finance'],
  /** Dashboard: signups, activations, messages, active members and signups by affiliate, per day. */
  'dashboard.read': ['owner', 'moderator', 'support', 'finance'],
  /** Dashboard money: first purchases, revenue and revenue by affiliate. */
  'dashboard.revenue': ['owner', 'finance'],
  /** Postbacks: the configs per network, deliveries with their attempts, held SOI postbacks and blocked sources. */
  'postbacks.read': ['owner', 'finance'],
  /** Add and remove postback configs, release or reject held SOI postbacks, block and unblock sources. */
  'postbacks.manage': ['owner', 'finance'],
  /** The funnel per source and lander (visits, signups, revenue; CSV) and the experiments' results. */
  'campaigns.read': ['owner', 'finance'],
  /** Start lander experiments, end them, send all traffic to an arm. */
  'experiments.manage': ['owner'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

export function mayDo(role: OperatorRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);
}

/** The permissions of a role, for the console's navigation. */
export function permissionsOf(role: OperatorRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => mayDo(role, permission));
}
