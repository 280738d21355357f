import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { SignInMethod, SignInOutcome } from '../../db/schema.ts';
import { everyDayAt, type RecurringJob } from '../../jobs/recurring.ts';
import type { Services } from '../../services.ts';
import { DAY_MS } from '@datekit/runtime/rules/time';

/** How long sign-ins are kept: the `prune-sign-ins` job deletes older ones every night (03:00 UTC). */
export const SIGN_IN_RETENTION_DAYS = 180;

/** How a sign-in happened and where from: what `recordSignIn` stores. */
export interface SignInContext {
  method: SignInMethod;
  request: FastifyRequest;
}

/**
 * A client address cut to its network, so the history shows where from without naming the device:
 * IPv4 keeps its /24 (`203.0.113.0/24`), IPv6 its /48 (`2001:db8:1::/48`); an IPv4 address in IPv6
 * form (`::ffff:203.0.113.7`) counts as IPv4. Anything else is null.
 */
export function truncateIp(ip: string | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const version = isIP(address);
  if (version === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (version !== 6) return null;
  const [head = '', tail = ''] = address.split('%')[0]!.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  const network = groups.slice(0, 3).map((g) => g.replace(/^0+(?=.)/, ''));
  // Trailing zero groups fold into the `::` (2001:db8:0 -> 2001:db8::).
  while (network.at(-1) === '0') network.pop();
  return `${network.join(':')}::/48`;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short summary of a User-Agent header, "Firefox on Windows", enough for staff to tell devices
 * apart; an unknown client keeps its first product token ("curl"), at most 40 characters.
 */
export function summarizeUserAgent(header: string | undefined): string | null {
  const ua = header?.trim();
  if (!ua) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system)!;
  return ua.split(/[/\s]/)[0]!.slice(0, 40) || null;
}

/** Records one sign-in attempt of a member; pass the transaction that starts the session, if any. */
export async function recordSignIn(
  db: Db,
  input: { userId: number; at: number; outcome: SignInOutcome } & SignInContext,
): Promise<void> {
  await db
    .insertInto('member_sign_ins')
    .values({
      user_id: input.userId,
      at: input.at,
      method: input.method,
      outcome: input.outcome,
      ip_prefix: truncateIp(input.request.ip),
      user_agent: summarizeUserAgent(input.request.headers['user-agent']),
    })
    .execute();
}

/** The recurring job that deletes sign-ins older than the retention period. */
export const PRUNE_SIGN_INS_JOB: RecurringJob = { name: 'prune-sign-ins', next: everyDayAt(3) };

/** Deletes sign-ins older than `SIGN_IN_RETENTION_DAYS` (one statement, on the `at` index). */
export async function pruneSignIns(services: Services): Promise<number> {
  const cutoff = services.now() - SIGN_IN_RETENTION_DAYS * DAY_MS;
  const result = await services.db.deleteFrom('member_sign_ins').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
