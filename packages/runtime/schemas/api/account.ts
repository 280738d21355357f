import { z } from 'zod';

/** POST /api/mail-change.php: the confirmation link went to `email`; the current address stays until it is followed. */
export const mailChangeResponseSchema = z.object({ sent: z.literal(true), email: z.string() });

/** POST /api/mail-change-do.php: the address now in use. */
export const mailChangeDoneResponseSchema = z.object({ email: z.string() });

/** PUT /api/password.php */
export const passwordChangedResponseSchema = z.object({ changed: z.literal(true) });

/** POST /api/sessions-end.php: how many other sessions ended. */
export const sessionsEndedResponseSchema = z.object({ ended: z.number().int() });

/** GET /api/account-delete.php: what the member is offered to stay. */
export const deletionOfferSchema = z.object({
  /** Percent off the next credits offered to stay; 0 means no offer. */
  delete_discount: z.number().int(),
  grace_days: z.number().int(),
});

/** POST /api/account-delete.php: the account is erased at `erase_at` unless reactivated before. */
export const accountDeletedResponseSchema = z.object({ deleted: z.literal(true), erase_at: z.string() });

export type DeletionOffer = z.infer<typeof deletionOfferSchema>;
