import { z } from 'zod';
import { PAYMENT_STATUSES } from '../payments.ts';

export const MEMBER_STATES = ['not_confirmed', 'active', 'pending_deletion', 'erased'] as const;

export const operatorMemberSearchSchema = z.object({
  /** An e-mail address (or part), a name (or its start) or a member id. */
  q: z.string().trim().max(254).optional(),
  brand: z.string().max(253).optional(),
  status: z.enum(MEMBER_STATES).optional(),
});

export const memberRowSchema = z.object({
  id: z.number(),
  brand: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(MEMBER_STATES),
  created_at: z.string(),
});

export const operatorMemberSearchResponseSchema = z.object({ members: z.array(memberRowSchema) });

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
  }),
  /** `url` only for roles that may see photos in full. */
  photos: z.array(z.object({ id: z.number(), status: z.string(), is_main: z.boolean(), url: z.string().nullable() })),
  /** The member's sessions: when each sign-in started and until when it runs. */
  sign_ins: z.array(z.object({ at: z.string(), expires_at: z.string() })),
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

export type OperatorMemberRow = z.infer<typeof memberRowSchema>;
export type OperatorMemberSearchResponse = z.infer<typeof operatorMemberSearchResponseSchema>;
export type OperatorMemberResponse = z.infer<typeof operatorMemberResponseSchema>;
export type MemberCreditsResponse = z.infer<typeof memberCreditsResponseSchema>;
