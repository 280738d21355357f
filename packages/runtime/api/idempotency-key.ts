/** The header that makes a write safe to retry: the server runs it once per key. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * A new random key for one user action (128 bits, hex). `crypto.getRandomValues` works on plain
 * HTTP too, where `crypto.randomUUID` does not.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
