import fs from 'node:fs';

/**
 * CPU time of processes read from /proc (Linux), so that the server, PostgreSQL and the load
 * generator are measured alike and from outside, without asking any of them.
 */

/** USER_HZ: the unit of /proc/<pid>/stat's times, 100 on every Linux architecture. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds of `pid` so far; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * PostgreSQL's processes that work for `database`: its connections' backends (named after the
 * database in their command line) and the server's own background processes (WAL writer,
 * checkpointer, autovacuum…, shared with whatever else uses the server). Other databases' backends
 * are left out: on a shared machine other people's tests use the same server.
 */
export function postgresPids(database: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    let cmdline: string;
    try {
      comm = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm !== 'postgres') continue;
      cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue; // ended meanwhile
    }
    if (worksFor(cmdline, database)) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Whether a PostgreSQL process, by its command line, works for `database`: a client's backend reads
 * "postgres: 15/main: <user> <database> <address>(<port>) <state>" ("[local]" on a Unix socket); a
 * background process ("postgres: 15/main: walwriter") or the postmaster names no client.
 */
export function worksFor(cmdline: string, database: string): boolean {
  const isBackend = /\(\d+\) |\[local\] /.test(cmdline);
  return !isBackend || cmdline.includes(` ${database} `);
}

/** CPU seconds of each process now: `cpuSince` turns two such readings into the CPU used between them. */
export function readCpu(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
}

/**
 * CPU seconds used between two readings; a process that appeared meanwhile counts from its start (its
 * whole time), one that ended meanwhile is lost (the pool keeps its connections, so that is rare).
 */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}
