import net from 'node:net';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the server may POST pushes to `endpoint`, a URL a member sent us. Browsers only ever hand out
 * https: endpoints on public push services; refusing the member's own choice of internal addresses
 * keeps the push sender from being a way into our network. Outside production a loopback endpoint,
 * http: too, is allowed: the tests' and the benchmark's fake push service.
 */
export function isAllowedPushEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host)) return !production && (url.protocol === 'https:' || url.protocol === 'http:');
  if (url.protocol !== 'https:') return false;
  // Push services are named hosts; an IP literal is never one of them (and may be a private address).
  return net.isIP(host.replace(/^\[|\]$/g, '')) === 0 && host.includes('.');
}
