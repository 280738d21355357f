import type { Histogram } from './histogram.ts';

/** The messages between bench/capacity.ts and its load generators (child processes, over IPC). */

/** A seeded member the generator plays: its id and the `Cookie` header of its session. */
export interface SimulatedMember {
  id: number;
  cookie: string;
}

export type ToGenerator =
  /** The site and the members this generator plays; `everyone` are all seeded ids (profiles to view, people to write to). */
  | {
      type: 'init';
      baseUrl: string;
      host: string;
      members: SimulatedMember[];
      everyone: number[];
      rampMs: number;
      /** The share of members whose browsers open a new event stream on every page (no shared worker that outlives a page). */
      reopenShare: number;
    }
  /** Play the first `count` of this generator's members; those not playing yet start within `rampMs`. */
  | { type: 'active'; count: number }
  /** Forget what was measured so far: a new window starts. */
  | { type: 'reset' }
  /** Answer a `Report` of the window since the last reset. */
  | { type: 'report' }
  /** Close every stream and exit. */
  | { type: 'stop' };

/** One kind of request in a window: its latencies and how many failed (by status, or `network`/`timeout`). */
export interface KindReport {
  latency: Histogram;
  errors: Record<string, number>;
}

export interface Report {
  type: 'report';
  /** Latencies of successful and failed requests alike, by kind (`html`, `settings`, `stream`…). */
  kinds: Record<string, KindReport>;
  /** Page views completed. */
  views: number;
  /** Members playing now, and event streams open now. */
  active: number;
  streams: number;
  /** p99 of the generator's own event-loop delay, ms: when high, its timings include its own queueing. */
  loopDelayP99: number;
}

export type FromGenerator = { type: 'ready' } | Report;
