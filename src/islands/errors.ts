import type { TFunction } from 'i18next';
import { ApiNetworkError, ApiRequestError } from '@datekit/runtime/api/client';

/** The sentence to show for a failed call: the server's translated message, else the spec's generic ones. */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiRequestError && error.body.message && error.status < 500) return error.body.message;
  if (error instanceof ApiNetworkError || error instanceof ApiRequestError) return t('error.try_later');
  return t('error.generic');
}

/** Per-field messages the server sent with `validation_failed`. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const fields = error.body.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
