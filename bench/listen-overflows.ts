import fs from 'node:fs';

/**
 * How many connections the kernel has refused so far because a listen queue was full (Linux's
 * TcpExt ListenOverflows, machine-wide; 0 where /proc/net/netstat cannot be read). Each one is a
 * dropped SYN: that client connects only after its retransmission, a second later or more.
 */
export function listenOverflows(): number {
  let netstat: string;
  try {
    netstat = fs.readFileSync('/proc/net/netstat', 'utf8');
  } catch {
    return 0;
  }
  // Two lines per group: the names, then the values.
  const [names, values] = netstat.split('\n').filter((line) => line.startsWith('TcpExt:'));
  const index = names?.split(' ').indexOf('ListenOverflows') ?? -1;
  return index > 0 ? Number(values?.split(' ')[index] ?? 0) : 0;
}
