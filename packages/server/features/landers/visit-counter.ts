import type { LanderTrafficDeps } from './lander-traffic.ts';
import { addLanderVisits, type LanderVisitRow } from './landers.queries.ts';

/** How often counted visits are written: one statement per interval, however many pages were sent. */
export const VISIT_FLUSH_MS = 1000;
const DAY_MS = 86_400_000;

export type VisitKey = Omit<LanderVisitRow, 'day' | 'visits'>;

/**
 * Counts lander visits server-side (issue 27) without a write per page: visits add up in memory per
 * day and key and one upsert a second adds them to `lander_visits` (bench/lander-visits.ts measures
 * what counting costs a page). A failed write keeps its counts for the next one: a database outage
 * loses no visit while the process lives, and never fails a page. Counts of the last second are
 * written when the app closes.
 */
export class LanderVisitCounter {
  private pending = new Map<string, LanderVisitRow>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;

  private readonly deps: LanderTrafficDeps;

  constructor(deps: LanderTrafficDeps) {
    this.deps = deps;
  }

  record(key: VisitKey): void {
    this.add(key, Math.floor(this.deps.now() / DAY_MS), 1);
    // Started by the first visit: a process that never serves a lander (the CLI) keeps no timer.
    this.timer ??= setInterval(() => void this.flush(), VISIT_FLUSH_MS).unref();
  }

  private add(key: VisitKey, day: number, visits: number) {
    const id = `${day}\n${key.brand}\n${key.variant}\n${key.niche}\n${key.experiment_id}\n${key.arm}\n${key.network}\n${key.sub1}`;
    const row = this.pending.get(id);
    if (row) row.visits += visits;
    else
      this.pending.set(id, {
        day,
        brand: key.brand,
        variant: key.variant,
        niche: key.niche,
        experiment_id: key.experiment_id,
        arm: key.arm,
        network: key.network,
        sub1: key.sub1,
        visits,
      });
  }

  /** Writes the counts so far; resolves when they are in the database (or kept for the next try). */
  async flush(): Promise<void> {
    // One write at a time: two upserts of the same key would race for it.
    while (this.writing) await this.writing;
    if (this.pending.size === 0) return;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    this.writing = addLanderVisits(this.deps.db, rows)
      .catch((error: unknown) => {
        this.deps.log.error({ err: error, rows: rows.length }, 'lander visits not written; kept for the next try');
        for (const row of rows) this.add(row, row.day, row.visits);
      })
      .finally(() => {
        this.writing = null;
      });
    await this.writing;
  }

  /** Stops the timer and writes what is left (the app's onClose). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
