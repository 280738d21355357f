/**
 * Plain data of the operator console shared by server and islands (no zod, so islands can import it).
 */

/** Why a photo may be rejected: the console's list; the member's notice names the reason in their language. */
export const PHOTO_REJECT_REASONS = [
  'not_a_person',
  'nudity',
  'not_the_member',
  'looks_underage',
  'poor_quality',
  'contact_details',
  'copyright',
] as const;
export type PhotoRejectReason = (typeof PHOTO_REJECT_REASONS)[number];
