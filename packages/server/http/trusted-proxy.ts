import { BlockList, isIPv4 } from 'node:net';
import type { ServerConfig } from '../config.ts';

/**
 * Whether the peer a request came from directly is one of our proxies (TRUST_PROXY), so that headers
 * only a proxy may set — the visitor's country (CF-IPCountry, X-Country-Code) — can be believed. With
 * a hop count the direct peer is the first hop, so trusted; with addresses it must be one of them. A
 * client talking to the server directly, or through anything else, never sets its own country.
 */
export function createPeerTrust(trustProxy: ServerConfig['trustProxy']): (peer: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true || typeof trustProxy === 'number') return () => true;
  const proxies = new BlockList();
  for (const entry of trustProxy) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(bits), type);
  }
  return (peer) => {
    if (!peer) return false;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const address = peer.startsWith('::ffff:') && isIPv4(peer.slice(7)) ? peer.slice(7) : peer;
    return proxies.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  };
}

const compiled = new WeakMap<ServerConfig, (peer: string | undefined) => boolean>();

/** Whether `request` reached us directly from a trusted proxy (the check compiled once per configuration). */
export function fromTrustedProxy(request: { socket: { remoteAddress?: string | undefined } }, config: ServerConfig) {
  let trusts = compiled.get(config);
  if (!trusts) compiled.set(config, (trusts = createPeerTrust(config.trustProxy)));
  return trusts(request.socket.remoteAddress);
}
