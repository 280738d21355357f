import dns from 'node:dns';
import net from 'node:net';
import { nonPublicReason } from './public-address.ts';

/** Answers every address a host name resolves to (A and AAAA), as `dns.promises.lookup(all)` does. */
export type ResolveAll = (host: string) => Promise<string[]>;

const resolveAll: ResolveAll = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface PushEndpointPolicy {
  /**
   * Origins (`http://127.0.0.1:41234`) allowed as they are, without the checks below: the tests' and
   * the benchmark's local fake push service (PUSH_ENDPOINT_ALLOWLIST; refused in production).
   */
  allowlist: readonly string[];
  /** How host names are resolved (tests put a table of their own here). */
  resolve?: ResolveAll;
}

/** The policy's resolver, or the system's. */
export const resolverOf = (policy: PushEndpointPolicy): ResolveAll => policy.resolve ?? resolveAll;

/**
 * `ok`; `refused`: not a push service's address, never to be contacted; `unresolved`: the name does
 * not resolve now (at send time a DNS failure is retried, at subscription time it is refused).
 */
export type EndpointVerdict = { ok: true } | { ok: false; why: 'refused' | 'unresolved'; reason: string };

const refused = (reason: string): EndpointVerdict => ({ ok: false, why: 'refused', reason });

/**
 * Whether the server may POST to `endpoint`, a URL someone else chose: a push service's address a
 * member's browser sent us, or an affiliate network's postback URL a marketer configured
 * (features/postbacks/), each with its own allowlist. Browsers only ever hand out
 * https: endpoints on public push services; refusing everything else keeps the push sender from being
 * a way into our network (SSRF): an https: URL on a named host (no IP literal, no credentials) whose
 * every address, resolved now, is public (see public-address.ts). Checked when a browser subscribes
 * and again before each push, because what a name points to can change.
 */
export async function checkPublicEndpoint(endpoint: string, policy: PushEndpointPolicy): Promise<EndpointVerdict> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refused('not a URL');
  }
  if (url.username || url.password) return refused('credentials in the URL');
  if (policy.allowlist.includes(url.origin)) return { ok: true };
  if (url.protocol !== 'https:') return refused('not https:');
  const host = url.hostname.toLowerCase();
  // Push services are named hosts; an IP literal is never one of them.
  if (net.isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !host.includes('.')) return refused('not a named host');
  let addresses: string[];
  try {
    addresses = await resolverOf(policy)(host);
  } catch (error) {
    return {
      ok: false,
      why: 'unresolved',
      reason: `${host}: ${(error as NodeJS.ErrnoException).code ?? 'lookup failed'}`,
    };
  }
  if (!addresses.length) return { ok: false, why: 'unresolved', reason: `${host}: no address` };
  for (const address of addresses) {
    const why = nonPublicReason(address);
    if (why) return refused(`${host} resolves to ${address} (${why})`);
  }
  return { ok: true };
}

/** The check as the push code calls it. */
export const checkPushEndpoint = checkPublicEndpoint;
