import { LANGUAGE_COOKIE_DAYS, LANGUAGE_COOKIE_NAME } from './constants.ts';

/** The `document.cookie` assignment that keeps a language for 365 days on the whole site (spec §9). */
export function languageCookie(language: string, secure = false): string {
  const maxAge = LANGUAGE_COOKIE_DAYS * 86_400;
  return `${LANGUAGE_COOKIE_NAME}=${encodeURIComponent(language)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** One cookie's value from a `Cookie` header or `document.cookie`, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}
