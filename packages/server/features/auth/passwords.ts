import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HashingCapacity } from './hashing-capacity.ts';

/**
 * scrypt's cost N by default: 2^17 with r = 8, p = 1 (OWASP's recommendation), ~128 MiB and a few
 * hundred ms per hash. Only test suites lower it (PASSWORD_SCRYPT_N, config.ts): they sign up
 * thousands of members, and at this cost hashing their passwords was most of their run time.
 */
export const DEFAULT_SCRYPT_N = 2 ** 17;
/** The lowest cost PASSWORD_SCRYPT_N accepts: what the test servers hash at. */
export const MIN_SCRYPT_N = 2 ** 10;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** Hashes and checks passwords; what every route that takes a password uses (`services.passwords`). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Against the parameters stored with the hash, so raising N later keeps old hashes verifiable. */
  verify(password: string, stored: string): Promise<boolean>;
  /** A hash of nothing, verified against when the e-mail is unknown, so both cases take the same time. */
  decoy(): Promise<string>;
  /** Shutdown: hashes not started yet are refused (503 `server_busy`), so those running are all that is left. */
  close(): void;
}

/** Every hash and check of one hasher runs within `capacity` (hashing-capacity.ts). */
export function createPasswordHasher(
  scryptN: number = DEFAULT_SCRYPT_N,
  capacity: HashingCapacity = new HashingCapacity(),
): PasswordHasher {
  const params: ScryptParams = { N: scryptN, r: BLOCK_SIZE, p: PARALLELISM };
  const hash = async (password: string) => {
    const salt = randomBytes(16);
    const key = await capacity.run(() => derive(password, salt, params));
    return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  };
  const verify = async (password: string, stored: string) => {
    const [scheme, n, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    const params = { N: Number(n), r: Number(r), p: Number(p) };
    const actual = await capacity.run(() => derive(password, Buffer.from(salt, 'base64url'), params));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  let decoy: Promise<string> | undefined;
  return {
    hash,
    verify,
    // A decoy refused for lack of capacity is made again next time.
    decoy: () =>
      (decoy ??= hash(randomBytes(16).toString('hex')).catch((error: unknown) => {
        decoy = undefined;
        throw error;
      })),
    close: () => capacity.close(),
  };
}

/** Run on libuv's thread pool, so the event loop stays free while a hash is computed. */
function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}
