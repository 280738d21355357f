/**
 * Which brand a request is for, from its Host header. Pure, so its table of cases is easy to test.
 * `www.` and a port never matter; `<domain>.localhost` reaches any brand in local development
 * (browsers resolve every *.localhost name to this machine).
 */
export function normalizeHost(host: string | undefined): string | null {
  if (!host) return null;
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) return null; // IPv6 literals are never a brand host
  name = name.replace(/:\d+$/, '').replace(/\.$/, '');
  if (name.startsWith('www.')) name = name.slice(4);
  return /^[a-z0-9.-]+$/.test(name) ? name : null;
}

export function resolveBrandDomain(host: string | undefined, hosts: ReadonlyMap<string, string>): string | null {
  const name = normalizeHost(host);
  if (!name) return null;
  const direct = hosts.get(name);
  if (direct) return direct;
  if (name.endsWith('.localhost')) return hosts.get(name.slice(0, -'.localhost'.length)) ?? null;
  return null;
}
