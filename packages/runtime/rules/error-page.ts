/**
 * What the error page shows (spec §2, §8): the message, "Error" by default; the status code, 500 by
 * default; on 404 the message 'This page could not be found' and a link back to the home page.
 */
export interface ErrorPageView {
  status: number;
  /** Translation key of the message when no message was given. */
  messageKey: 'not_found.title' | 'error.title';
  /** A message given by whoever raised the error; it replaces the default one. */
  message: string | null;
  backHome: boolean;
}

export const DEFAULT_ERROR_STATUS = 500;
export const NOT_FOUND_STATUS = 404;

export function errorPageView(
  input: { status?: number | undefined; message?: string | undefined } = {},
): ErrorPageView {
  const given = input.status;
  const status =
    given !== undefined && Number.isInteger(given) && given >= 400 && given <= 599 ? given : DEFAULT_ERROR_STATUS;
  const notFound = status === NOT_FOUND_STATUS;
  const message = input.message?.trim() ? input.message.trim() : null;
  return { status, messageKey: notFound ? 'not_found.title' : 'error.title', message, backHome: notFound };
}
