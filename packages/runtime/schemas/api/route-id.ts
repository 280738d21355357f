import { z } from 'zod';

/** The largest id a row can have (a signed 32-bit integer column). */
export const MAX_ROW_ID = 2 ** 31 - 1;

/**
 * An id read from a path or query string: strictly decimal digits, no sign, blanks, exponent, hex or
 * fraction. `z.coerce.number()` read `0x10`, `16e0`, `16.0` and ` 16` all as 16, so an action meant for
 * one address reached another member; every route that reads an id from the address uses this schema.
 * A number (a client passing the query as an object) is accepted when it is such an integer too.
 */
export const routeIdSchema = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, 'a decimal integer id')
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(MAX_ROW_ID));

/** `:id` of a route's path. */
export const routeIdParamsSchema = z.object({ id: routeIdSchema });
