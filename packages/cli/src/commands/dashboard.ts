import { rollUpDashboard } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * `datekit dashboard rollup`: what the hourly `dashboard.rollup` job does, now and without its time
 * budget, e.g. to fill a year of history right after upgrading instead of over the next hours.
 * Safe while servers run: the job's per-day locks apply.
 */
export async function rollupCommand(): Promise<void> {
  const services = await openServices();
  try {
    await migrate(services);
    const started = Date.now();
    const span = await rollUpDashboard(services.db, services.now(), { budgetMs: Infinity });
    console.log(
      span
        ? `Rolled up ${isoDay(span.first)} to ${isoDay(span.last)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`
        : 'Nothing to roll up yet.',
    );
  } finally {
    await services.db.destroy();
  }
}
