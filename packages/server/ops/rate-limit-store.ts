import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type RedisStoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;

// The plugin's own Redis store (an atomic INCR + PEXPIRE script), which its package does not export by name.
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;

/**
 * @fastify/rate-limit's Redis store with keys `<prefix><rule>:<client>`. The plugin's store adds the
 * route's method and URL to its prefix for each limiter (`child`), which the limiters made with
 * `createRateLimit` do not have (`datekit-rl:undefinedundefined-signup:…`); our keys name their rule
 * already, and routes sharing a rule must share its counter, so every limiter uses the one prefix.
 */
export function prefixedRedisStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  return class PrefixedRedisStore implements FastifyRateLimitStore {
    readonly #store: FastifyRateLimitStore;

    constructor(options: RateLimitOptions) {
      this.#store = new RedisStore(
        options.continueExceeding ?? false,
        options.exponentialBackoff ?? false,
        redis,
        prefix,
      );
    }

    incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
      this.#store.incr(...args);
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
