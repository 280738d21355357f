import type { z } from 'zod';

/** Turns zod issues into `{ field: problem }` for the error body; nested paths are joined with dots. */
export function zodIssuesToFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
