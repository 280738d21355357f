import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments.ts';

export const MEMBER_STATES = ['not_confirmed', 'active', 'pending_deletion', 'erased'] as const;

export const operatorMemberSearchSchema = z.object({
  /** An e-mail address (or part), a name (or its start) or a member id. */
  q: z.string().trim().max(254).optional(),
  brand: z.string().max(253).optional(),
  status: z.enum(MEMBER_STATES).optional(),
  /** `flagged`: only members with open reports about them or a ban or suspension in force. */
  view: z.enum(['recent', 'flagged']).optional(),
});

export const memberRowSchema = z.object({
  id: z.number(),
  brand: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(MEMBER_STATES),
  created_at: z.string(),
});

/** How a member signed in, and how an attempt ended. */
export const SIGN_IN_METHODS = [
  'password',
  'signup',
  'activation_link',
  'password_reset',
  'reactivation_link',
  'reactivation_password',
] as const;
export const SIGN_IN_OUTCOMES = ['ok', 'wrong_password', 'blocked', 'banned', 'suspended', 'pending_deletion'] as const;

/** A ban or suspension: since when, until when (suspensions), who imposed it and on what grounds. */
const sanctionSchema = z.object({
  kind: z.enum(['ban', 'suspension']),
  since: z.string(),
  until: z.string().nullable(),
  /** Null when no operator imposed it (the command line) or it predates the history. */
  operator_email: z.string().nullable(),
  ground: z.string().nullable(),
  facts: z.string().nullable(),
  report_id: z.number().nullable(),
});

/** A row of the members list: the member, with what flags them for staff. */
export const memberSearchRowSchema = memberRowSchema.extend({
  open_reports: z.number(),
  sanction: z.enum(['ban', 'suspension']).nullable(),
});

export const operatorMemberSearchResponseSchema = z.object({ members: z.array(memberSearchRowSchema) });

export const operatorMemberResponseSchema = z.object({
  member: memberRowSchema.extend({
    language: z.string(),
    paid_user: z.boolean(),
    activated_at: z.string().nullable(),
    deletion_requested_at: z.string().nullable(),
    gender: z.string().nullable(),
    birth_date: z.string(),
    country: z.string(),
    city: z.string().nullable(),
    about: z.string().nullable(),
    profile_status: z.string(),
    invisible: z.boolean(),
    tracking: z.string().nullable(),
    balance: z.number(),
    /** Credits a refund or chargeback at the provider could not take back, not yet settled by a purchase. */
    debt: z.number(),
  }),
  /** `url` only for roles that may see photos in full. */
  photos: z.array(z.object({ id: z.number(), status: z.string(), is_main: z.boolean(), url: z.string().nullable() })),
  /** The member's open sessions: when each started and until when it runs. */
  sessions: z.array(z.object({ at: z.string(), expires_at: z.string() })),
  /**
   * The latest 50 sign-in attempts, newest first (kept 180 days): how, whether it worked (`ok`, or
   * why not), the network it came from (IPv4 /24, IPv6 /48) and a browser summary.
   */
  sign_ins: z.array(
    z.object({
      at: z.string(),
      method: z.enum(SIGN_IN_METHODS),
      outcome: z.enum(SIGN_IN_OUTCOMES),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
    }),
  ),
  /** The ban or suspension in force now, or null. */
  sanction: sanctionSchema.nullable(),
  /** Every ban and suspension, newest first, with how each ended (null: it still runs). */
  sanctions: z.array(
    sanctionSchema.extend({
      id: z.number(),
      ended_at: z.string().nullable(),
      ended_how: z.enum(['lifted', 'expired', 'replaced']).nullable(),
      ended_by_email: z.string().nullable(),
      end_reason: z.string().nullable(),
    }),
  ),
  ledger: z.array(
    z.object({ id: z.number(), amount: z.number(), reason: z.string(), note: z.string().nullable(), at: z.string() }),
  ),
  payments: z.array(
    z.object({
      id: z.number(),
      amount_cents: z.number(),
      currency: z.string(),
      credits: z.number(),
      method: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      refunded_cents: z.number(),
      credits_reversed: z.number(),
      credits_unrecovered: z.number(),
      at: z.string(),
    }),
  ),
  notes: z.array(z.object({ id: z.number(), operator_email: z.string(), body: z.string(), at: z.string() })),
});

export const memberNoteRequestSchema = z.object({ body: z.string().trim().min(1).max(2000) });
export const memberCreditsRequestSchema = z.object({
  amount: z
    .number()
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, 'not 0'),
  reason: z.string().trim().min(3).max(500),
});
export const memberDeleteRequestSchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const memberCreditsResponseSchema = z.object({ balance: z.number() });

export type OperatorMemberRow = z.infer<typeof memberSearchRowSchema>;
