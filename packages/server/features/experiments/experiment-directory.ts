import type { LanderTrafficDeps } from '../landers/lander-traffic.ts';
import { liveExperiments, type LiveExperiment } from './experiments.queries.ts';

/** How long the server trusts its copy: a change from the CLI (another process) shows within this time. */
export const EXPERIMENTS_TTL_MS = 5000;

/**
 * The experiments each brand's paths answer with, read from the database (runtime configuration, no
 * rebuild) and kept in memory so that a page request costs a map lookup. A copy older than
 * EXPERIMENTS_TTL_MS is refreshed in the background while the old one keeps answering; a change made
 * through this process's console is seen at once (`invalidate`). A failed read keeps the old copy:
 * a database outage never fails a page.
 */
export class ExperimentDirectory {
  private byBrand: Map<string, Map<string, LiveExperiment>> | null = null;
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  private readonly deps: LanderTrafficDeps;

  constructor(deps: LanderTrafficDeps) {
    this.deps = deps;
  }

  /** The experiment on this brand's path, if any. */
  async lookup(brand: string, path: string): Promise<LiveExperiment | undefined> {
    if (!this.byBrand) await this.refresh();
    else if (this.deps.now() - this.loadedAt > EXPERIMENTS_TTL_MS) void this.refresh();
    return this.byBrand?.get(brand)?.get(path);
  }

  /** Forget the copy: the next lookup reads the database again (after a change in this process). */
  invalidate(): void {
    this.byBrand = null;
  }

  private refresh(): Promise<void> {
    this.loading ??= liveExperiments(this.deps.db)
      .then((experiments) => {
        const byBrand = new Map<string, Map<string, LiveExperiment>>();
        for (const experiment of experiments) {
          let paths = byBrand.get(experiment.brand);
          if (!paths) byBrand.set(experiment.brand, (paths = new Map()));
          // Newest first: an older experiment on the same path has been replaced.
          if (!paths.has(experiment.path)) paths.set(experiment.path, experiment);
        }
        this.byBrand = byBrand;
        this.loadedAt = this.deps.now();
      })
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'experiments not read; keeping the last copy');
        this.byBrand ??= new Map();
        this.loadedAt = this.deps.now();
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }
}
