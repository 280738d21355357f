import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** How long the code in the text message confirms the mandate. */
export const MANDATE_CODE_TTL_MS = 10 * 60_000;
/** Wrong guesses a code survives; after that it is spent and a new one must be requested. */
export const MANDATE_CODE_MAX_ATTEMPTS = 5;

/** Six random digits. */
export function newMandateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Only this digest is stored; the mandate id salts it, so equal codes never share a digest. */
export function hashMandateCode(mandateId: number, code: string): string {
  return createHash('sha256')
    .update(`${mandateId}:${code.replace(/\s+/g, '')}`)
    .digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
