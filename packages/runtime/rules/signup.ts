import { MAX_AGE, MIN_AGE, NAME_MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { isValidEmailSyntax, suggestEmail } from './email-suggestion.ts';

/** Age in whole years on `today` of someone born on `dateOfBirth` (YYYY-MM-DD), or null if not a real date. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects 2001-02-30 and the like, which Date would roll over into March.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Date of birth is required, real, and at least MIN_AGE years ago (spec §5). */
export function isValidDateOfBirth(dateOfBirth: string, today: Date): boolean {
  const age = ageOn(dateOfBirth, today);
  return age !== null && age >= MIN_AGE && age <= MAX_AGE + 21;
}

export type NameProblem = 'too_short' | 'too_long' | 'starts_with_at' | 'equals_email';

/** The username is visible to others: it must differ from the e-mail and not start with @ (spec §5). */
export function nameProblem(name: string, email: string): NameProblem | null {
  const trimmed = name.trim();
  if (trimmed.length < NAME_MIN_LENGTH) return 'too_short';
  if (trimmed.length > NAME_MAX_LENGTH) return 'too_long';
  if (trimmed.startsWith('@')) return 'starts_with_at';
  const lowered = trimmed.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lowered === address || (address.includes('@') && lowered === address.slice(0, address.lastIndexOf('@')))) {
    return 'equals_email';
  }
  return null;
}

export type EmailCheck = { ok: true } | { ok: false; suggestion: string | null };

/**
 * An address is accepted when its syntax is valid and it is not a likely typo of a common domain,
 * unless the member saw the hint and chose to keep it (`keep`).
 */
export function checkEmail(email: string, keep = false): EmailCheck {
  const trimmed = email.trim();
  if (!isValidEmailSyntax(trimmed)) return { ok: false, suggestion: suggestEmail(trimmed) };
  const suggestion = suggestEmail(trimmed);
  if (suggestion && !keep) return { ok: false, suggestion };
  return { ok: true };
}

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

/** Case-folds an e-mail address for uniqueness checks and look-ups. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
