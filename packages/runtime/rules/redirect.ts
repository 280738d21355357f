/**
 * A `redirect` query value that is safe to follow after login: a path on this site only. Rejects
 * other origins (`https://x`, `//x`, `/\x`), so the login page cannot send a member elsewhere.
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/\p{Cc}/u.test(value)) return null;
  return value;
}

/** Where a member goes after logging in: the page that sent them to login, else `fallback`. */
export function afterLoginPath(search: string, fallback: string): string {
  return safeRedirectPath(new URLSearchParams(search).get('redirect')) ?? fallback;
}
