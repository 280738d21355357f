import { z } from 'zod';

/** One interest as GET /api/interests.php names it in the visitor's language (spec §3: each with an icon). */
export const interestSchema = z.object({
  id: z.number(),
  slug: z.string(),
  category: z.enum(['hobby', 'intimate']),
  icon: z.string(),
  name: z.string(),
});

export const interestsResponseSchema = z.object({ interests: z.array(interestSchema) });

/** A first-level region of a country, by its ISO 3166-2 code. */
export const regionSchema = z.object({
  id: z.string(),
  country: z.string(),
  name: z.string(),
  /** Official names in the country's other languages, where they differ from `name`. */
  names: z.record(z.string(), z.string()).optional(),
});

export const regionsResponseSchema = z.object({ regions: z.array(regionSchema) });

/** An interest with its name in the visitor's language. */
export type NamedInterest = z.infer<typeof interestSchema>;
export type RegionEntry = z.infer<typeof regionSchema>;
