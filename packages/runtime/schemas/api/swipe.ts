import { z } from 'zod';
import { profileSchema } from './user.ts';

/** The day's swipe allowance as the server counts it (spec §6: 4 likes a day). */
const swipeStateSchema = z.object({ likes_left: z.number(), resets_at: z.string() });

/** GET /api/swipe.php: the card stack, top card first. */
export const swipeCandidatesResponseSchema = swipeStateSchema.extend({ candidates: z.array(profileSchema) });

/** POST /api/swipe.php */
export const swipeLikeResponseSchema = swipeStateSchema.extend({ match: z.boolean() });
