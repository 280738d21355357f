import { createHash, randomInt } from 'node:crypto';

/** An enrolment code left unused expires after this time (`datekit operators enrol-code` issues a new one). */
export const ENROL_CODE_MS = 72 * 3600_000;

/** Letters and digits nobody misreads (no 0/O, 1/I/L), for a code read off a terminal and typed in. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 16;

/**
 * A new one-time enrolment code: 16 characters of a 31-letter alphabet (79 bits), shown in groups of
 * four. Only its hash is stored (enrolCodeHash).
 */
export function newEnrolCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
}

/** As typed: case, blanks and dashes do not matter. */
export function normalizeEnrolCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function enrolCodeHash(code: string): string {
  return createHash('sha256').update(normalizeEnrolCode(code)).digest('hex');
}
