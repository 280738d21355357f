import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { ApiError } from '../errors/api-error.ts';
import { SESSION_COOKIE } from '../http/request-context.ts';
import type { Services } from '../services.ts';
import { prefixedRedisStore } from './rate-limit-store.ts';
import { retryWait } from './retry-wait.ts';
import { countOutcome } from './metrics.ts';

/** A limit a route declares (`rateLimit` in its defineRoute spec): at most `max` requests per `windowMs`. */
export interface RateLimitRule {
  /** Routes naming the same rule share one counter (sending a message and sending a gift). */
  name: string;
  max: number;
  windowMs: number;
  /** Counted per client address, or per session (falling back to the address without one). */
  per: 'ip' | 'session';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every rate limit, in one place. Generous for people, tight for scripts; the spec's own rules
 * (5 wrong passwords, activation mail every 2 minutes, 3 reset mails a day) apply on top of these.
 */
export const RATE_LIMITS = {
  signup: { name: 'signup', max: 5, windowMs: HOUR, per: 'ip' },
  login: { name: 'login', max: 20, windowMs: 15 * MINUTE, per: 'ip' },
  passwordReset: { name: 'password-reset', max: 10, windowMs: HOUR, per: 'ip' },
  activationMail: { name: 'activation-mail', max: 10, windowMs: HOUR, per: 'session' },
  messages: { name: 'messages', max: 30, windowMs: MINUTE, per: 'session' },
  likes: { name: 'likes', max: 60, windowMs: MINUTE, per: 'session' },
  /** The chat says "typing" at most every 3 s per conversation; a few tabs and conversations fit well. */
  typing: { name: 'typing', max: 60, windowMs: MINUTE, per: 'session' },
  uploads: { name: 'uploads', max: 20, windowMs: HOUR, per: 'session' },
  /** Each request sends a text message: a handful an hour is plenty for a person. */
  directDebitCodes: { name: 'direct-debit-codes', max: 5, windowMs: HOUR, per: 'session' },
  /**
   * Typing the texted code: each code takes 5 guesses and a person mistypes now and then; a script
   * guessing codes is slowed before the per-code limit is even reached.
   */
  directDebitConfirm: { name: 'direct-debit-confirm', max: 20, windowMs: HOUR, per: 'session' },
  /**
   * Starting a payment or a repeat order: a person buys a few bundles an hour; more is someone trying
   * out stolen cards or hammering the provider in the member's name.
   */
  payments: { name: 'payments', max: 10, windowMs: HOUR, per: 'session' },
  /** Reports and the complaints form: a person reports a few things an hour; each one sends a mail. */
  reports: { name: 'reports', max: 10, windowMs: HOUR, per: 'ip' },
  /** Storing a push subscription resolves the endpoint's host name: a browser subscribes now and then. */
  pushSubscriptions: { name: 'push-subscriptions', max: 30, windowMs: HOUR, per: 'session' },
} as const satisfies Record<string, RateLimitRule>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by mountRoute from the route's `rateLimit`. */
    limit?: RateLimitRule;
  }
}

function clientKey(app: FastifyInstance, request: FastifyRequest, rule: RateLimitRule): string {
  // Cookies are parsed here: this hook may run before the cookie plugin's.
  const session = rule.per === 'session' ? app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE] : undefined;
  // Session tokens are credentials: the counter's key holds a digest, never the token.
  const who = session
    ? `s:${createHash('sha256').update(session).digest('base64url').slice(0, 22)}`
    : `ip:${request.ip}`;
  return `${rule.name}:${who}`;
}

/**
 * Enforces the routes' `rateLimit` rules with @fastify/rate-limit: counters in Redis when REDIS_URL
 * is set (shared by every instance), in this process otherwise. Over the limit: 429 `rate_limited`
 * with `Retry-After` in seconds and a message naming the wait in the client's language (errorLocale:
 * the language cookie, else Accept-Language). Checked before the body is read.
 * Off with RATE_LIMIT=off (the end-to-end suite signs up many members from one address).
 */
export function registerRateLimits(app: FastifyInstance, services: Services): void {
  if (!services.config.rateLimit) return;
  const redis = services.config.redisUrl
    ? new Redis(services.config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false })
    : null;
  void app.register(rateLimit, {
    global: false,
    // A Redis outage lets requests through rather than failing every login and message.
    skipOnError: true,
    // Keys `<RATE_LIMIT_PREFIX><rule>:<client>`: a rule's counter is shared by its routes and the instances.
    ...(redis ? { store: prefixedRedisStore(redis, services.config.rateLimitPrefix) } : {}),
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const limiters = new Map<RateLimitRule, ReturnType<FastifyInstance['createRateLimit']>>();
  async function enforce(request: FastifyRequest, reply: FastifyReply, rule: RateLimitRule): Promise<void> {
    let limiter = limiters.get(rule);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: rule.max,
        timeWindow: rule.windowMs,
        keyGenerator: (req) => clientKey(app, req, rule),
      });
      limiters.set(rule, limiter);
    }
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    reply.header('retry-after', String(seconds));
    countOutcome(services, 'rateLimited', rule.name);
    throw new ApiError('rate_limited', { ...retryWait(seconds) });
  }
  // Only routes with a limit get the hook: the others pass without it.
  app.addHook('onRoute', (route) => {
    const rule = route.config?.limit;
    if (!rule) return;
    const hook: onRequestHookHandler = (request, reply, done) =>
      void enforce(request, reply, rule).then(() => done(), done);
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), hook];
  });
}
