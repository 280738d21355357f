import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { merge } from './histogram.ts';
import type { FromGenerator, Report, SimulatedMember, ToGenerator } from './protocol.ts';
import { raised } from '../open-files.ts';

/** The load generators of a run, driven together: each plays every `count`-th member. */
export interface Generators {
  pids: number[];
  /** Plays the first `members` members (spread over the generators). */
  setActive: (members: number) => void;
  reset: () => void;
  /** The window since the last reset, all generators' reports added up (loop delay: the worst). */
  report: () => Promise<Report>;
  stop: () => Promise<void>;
}

export async function startGenerators(options: {
  count: number;
  baseUrl: string;
  host: string;
  members: SimulatedMember[];
  rampMs: number;
  reopenShare: number;
}): Promise<Generators> {
  const { count } = options;
  const children: ChildProcess[] = [];
  for (let g = 0; g < count; g++) {
    const [command, args] = raised([
      process.execPath,
      ...process.execArgv,
      path.join(import.meta.dirname, 'generator.ts'),
    ]);
    // Its own process group: a Ctrl-C reaches the bench, which stops it in order.
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], detached: true });
    children.push(child);
    const ready = next(child);
    tell(child, {
      type: 'init',
      baseUrl: options.baseUrl,
      host: options.host,
      members: options.members.filter((_, i) => i % count === g),
      everyone: options.members.map((m) => m.id),
      rampMs: options.rampMs,
      reopenShare: options.reopenShare,
    });
    await ready;
  }
  return {
    pids: children.map((child) => child.pid!),
    setActive: (members) =>
      children.forEach((child, g) =>
        tell(child, { type: 'active', count: Math.max(0, Math.ceil((members - g) / count)) }),
      ),
    reset: () => children.forEach((child) => tell(child, { type: 'reset' })),
    report: async () => {
      const reports = await Promise.all(
        children.map((child) => {
          const answer = next(child);
          tell(child, { type: 'report' });
          return answer as Promise<Report>;
        }),
      );
      return reports.reduce(addReports);
    },
    stop: async () => {
      await Promise.all(
        children.map((child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          tell(child, { type: 'stop' });
          return exited;
        }),
      );
    },
  };
}

function tell(child: ChildProcess, message: ToGenerator): void {
  child.send(message);
}

/** The generator's next message; rejects if it exits first. */
function next(child: ChildProcess): Promise<FromGenerator> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`a load generator exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message: FromGenerator) => {
      child.off('exit', onExit);
      resolve(message);
    });
  });
}

function addReports(a: Report, b: Report): Report {
  const kinds = { ...a.kinds };
  for (const [kind, report] of Object.entries(b.kinds)) {
    const into = (kinds[kind] = { latency: { ...kinds[kind]?.latency }, errors: { ...kinds[kind]?.errors } });
    merge(into.latency, report.latency);
    for (const [why, n] of Object.entries(report.errors)) into.errors[why] = (into.errors[why] ?? 0) + n;
  }
  return {
    type: 'report',
    kinds,
    views: a.views + b.views,
    active: a.active + b.active,
    streams: a.streams + b.streams,
    loopDelayP99: Math.max(a.loopDelayP99, b.loopDelayP99),
  };
}
