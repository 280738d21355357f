import type { TFunction } from 'i18next';
import { ApiRequestError } from '@datekit/runtime/api/client';

/** The server's translated message for a refused request, else the console's generic sentence. */
export function opErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiRequestError && error.body.message && error.status < 500) return error.body.message;
  return t('op.error');
}

/** Whether the server said the operator's session is gone (then the console goes to its login). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'authentication_required';
}
