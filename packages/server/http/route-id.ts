import { routeIdParamsSchema } from '@datekit/runtime/schemas/api/route-id';
import { ApiError } from '../errors/api-error.ts';

/** The `:id` of a request's path, strictly decimal (routeIdSchema); anything else is no such row. */
export function pathId(params: unknown): number {
  const parsed = routeIdParamsSchema.safeParse(params);
  if (!parsed.success) throw new ApiError('not_found');
  return parsed.data.id;
}
