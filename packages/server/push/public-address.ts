import net from 'node:net';

/** An address range: the first address as bytes and the prefix length in bits. */
interface Range {
  bytes: number[];
  bits: number;
  why: string;
}

const v4 = (cidr: string, why: string): Range => {
  const [address, bits] = cidr.split('/') as [string, string];
  return { bytes: address.split('.').map(Number), bits: Number(bits), why };
};
const v6 = (cidr: string, why: string): Range => {
  const [address, bits] = cidr.split('/') as [string, string];
  return { bytes: ipv6Bytes(address)!, bits: Number(bits), why };
};

/** IPv4 ranges a server on the internet must never be sent to (RFC 6890 and its successors). */
const V4_RANGES: Range[] = [
  v4('0.0.0.0/8', 'unspecified ("this network")'),
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'carrier-grade NAT'),
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link-local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'IETF protocol assignments'),
  v4('192.0.2.0/24', 'documentation'),
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'benchmarking'),
  v4('198.51.100.0/24', 'documentation'),
  v4('203.0.113.0/24', 'documentation'),
  v4('224.0.0.0/4', 'multicast'),
  v4('240.0.0.0/4', 'reserved, broadcast'),
];

/** IPv6 ranges never to be sent to; those embedding an IPv4 address are judged by it (below). */
const V6_RANGES: Range[] = [
  v6('::/128', 'unspecified'),
  v6('::1/128', 'loopback'),
  v6('fe80::/10', 'link-local'),
  v6('fec0::/10', 'site-local (deprecated)'),
  v6('fc00::/7', 'unique-local'),
  v6('ff00::/8', 'multicast'),
  v6('2001:db8::/32', 'documentation'),
  v6('100::/64', 'discard'),
];

/** IPv6 forms that carry an IPv4 address, and where: mapped, NAT64, 6to4. */
const V6_EMBEDDING: { range: Range; at: number }[] = [
  { range: v6('::ffff:0:0/96', 'IPv4-mapped'), at: 12 },
  { range: v6('64:ff9b::/96', 'NAT64'), at: 12 },
  { range: v6('2002::/16', '6to4'), at: 2 },
];

function inRange(bytes: number[], range: Range): boolean {
  for (let bit = 0; bit < range.bits; bit += 8) {
    const take = Math.min(8, range.bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (`::`, a trailing dotted IPv4 part, a `%zone`), or null. */
function ipv6Bytes(address: string): number[] | null {
  const plain = address.replace(/%.*$/, '');
  if (net.isIPv6(plain) === false) return null;
  let text = plain;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const groups = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/**
 * Why `address` (an IP literal) is not a public internet address — loopback, private, link-local,
 * unique-local, carrier-grade NAT, unspecified, multicast, documentation or reserved, for IPv4 and
 * IPv6 alike (an IPv6 address that embeds an IPv4 one is judged by it) — or null when it is public.
 * Anything that is not an IP address at all is refused too.
 */
export function nonPublicReason(address: string): string | null {
  if (net.isIPv4(address)) {
    const bytes = address.split('.').map(Number);
    return V4_RANGES.find((r) => inRange(bytes, r))?.why ?? null;
  }
  const bytes = ipv6Bytes(address);
  if (!bytes) return 'not an IP address';
  for (const { range, at } of V6_EMBEDDING) {
    if (inRange(bytes, range)) {
      const embedded = bytes.slice(at, at + 4).join('.');
      const why = nonPublicReason(embedded);
      return why ? `${range.why} ${why}` : null;
    }
  }
  return V6_RANGES.find((r) => inRange(bytes, r))?.why ?? null;
}

export function isPublicAddress(address: string): boolean {
  return nonPublicReason(address) === null;
}
