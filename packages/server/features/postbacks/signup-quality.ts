import { DAY_MS } from '@datekit/runtime/rules/time';
import type { Brand } from '@datekit/runtime/schemas/brand';
import type { Tracking } from '@datekit/runtime/schemas/api/signup';
import type { Db } from '../../db/database.ts';
import { truncateIp } from '../auth/sign-ins.ts';
import { isDisposableEmail } from './disposable-domains.ts';
import { doiCounts, insertQuality, signupsFromBlockSince, sourceBlocked } from './quality.queries.ts';

/** Why a signup looks like paid-for junk, each with what it adds to the score (documented in docs/marketing.md). */
export const QUALITY_WEIGHTS = {
  /** The address is at a throwaway-mailbox domain. */
  disposable_email: 50,
  /** The browser says it is headless or automated, or sends no User-Agent at all. */
  automated_browser: 50,
  /** Several signups from the same /24 (IPv4) or /48 (IPv6) within ADDRESS_WINDOW_MS. */
  address_burst: 40,
  /** The signup steps were completed faster than a person can type (only when the browser measured it). */
  too_fast: 40,
  /** The source (network) confirms far fewer of its signups than the brand's traffic overall. */
  low_doi_source: 30,
} as const;

export type QualityReason = keyof typeof QUALITY_WEIGHTS | 'blocked_source';

/** Earlier signups from one network block within this window that make the next one suspicious. */
export const ADDRESS_WINDOW_MS = 10 * 60_000;
export const ADDRESS_BURST = 3;
/** Faster than this from the form shown to the request: the form has an e-mail, a name, a password and a date. */
export const MIN_FORM_MS = 4_000;
/** A source confirming less than this share of the brand's rate, both over LOW_DOI_DAYS and from LOW_DOI_MIN signups. */
export const LOW_DOI_SHARE = 1 / 3;
export const LOW_DOI_DAYS = 30;
export const LOW_DOI_MIN = 30;

const AUTOMATION =
  /HeadlessChrome|PhantomJS|Puppeteer|Playwright|Selenium|WebDriver|Electron|curl\/|Wget|python-requests|python-urllib|aiohttp|Go-http-client|node-fetch|axios|okhttp|libwww|Java\//i;

export interface SignupSignals {
  brand: Brand;
  userId: number;
  email: string;
  ip: string | undefined;
  userAgent: string | undefined;
  formMs: number | undefined;
  tracking: Tracking | undefined;
  now: number;
}

/**
 * Scores a new signup in its own transaction (before its SOI postbacks are queued): the sum of the
 * weights of the signs it shows, capped at 100. `flagged` at or above the brand's traffic_hold_score;
 * `blocked` when a marketer blocked its source. Stored with the reasons, for the console's holds queue.
 */
export async function scoreSignup(trx: Db, signals: SignupSignals) {
  const { brand, now } = signals;
  const reasons: QualityReason[] = [];
  if (isDisposableEmail(signals.email)) reasons.push('disposable_email');
  if (!signals.userAgent || AUTOMATION.test(signals.userAgent)) reasons.push('automated_browser');
  const ipBlock = truncateIp(signals.ip);
  if (ipBlock && (await signupsFromBlockSince(trx, brand.domain, ipBlock, now - ADDRESS_WINDOW_MS)) >= ADDRESS_BURST)
    reasons.push('address_burst');
  if (signals.formMs !== undefined && signals.formMs < MIN_FORM_MS) reasons.push('too_fast');
  const network = signals.tracking?.network;
  if (network && (await lowDoiSource(trx, brand.domain, network, now))) reasons.push('low_doi_source');
  const score = Math.min(
    100,
    reasons.reduce((sum, r) => sum + (r === 'blocked_source' ? 0 : QUALITY_WEIGHTS[r]), 0),
  );
  const blocked = network ? await sourceBlocked(trx, brand.domain, network, signals.tracking?.sub1 ?? null) : false;
  if (blocked) reasons.push('blocked_source');
  const row = {
    user_id: signals.userId,
    brand: brand.domain,
    score,
    reasons: reasons.join(','),
    flagged: score >= brand.traffic_hold_score ? 1 : 0,
    blocked: blocked ? 1 : 0,
    ip_block: ipBlock,
    created_at: now,
  };
  await insertQuality(trx, row);
  return row;
}

/**
 * Whether a network's signups confirm their address far less often than the brand's: both rates over
 * the last LOW_DOI_DAYS, leaving out the last day (its signups had no time to confirm yet), and only
 * once both have LOW_DOI_MIN signups (fewer say nothing).
 */
async function lowDoiSource(trx: Db, brand: string, network: string, now: number): Promise<boolean> {
  const from = now - LOW_DOI_DAYS * DAY_MS;
  const to = now - DAY_MS;
  const source = await doiCounts(trx, brand, from, to, network);
  if (source.signups < LOW_DOI_MIN) return false;
  const all = await doiCounts(trx, brand, from, to);
  if (all.signups < LOW_DOI_MIN || all.confirmed === 0) return false;
  return source.confirmed / source.signups < (LOW_DOI_SHARE * all.confirmed) / all.signups;
}
