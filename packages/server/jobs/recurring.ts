import type { Db } from '../db/database.ts';
import { enqueueJob } from './queue.ts';
import { DAY_MS, HOUR_MS, WEEK_MS } from '@datekit/runtime/rules/time';

/** A job that runs again and again, at times `next` computes (the first slot strictly after `now`). */
export interface RecurringJob {
  name: string;
  next: (now: number) => number;
}

/**
 * Queues the next run of a recurring job. Its unique key names the slot (`name@<unix ms>`), so every
 * instance starting up, and the run that reschedules itself, ask for the same row: one run per slot,
 * however many instances there are. The row lives in the jobs table, so it survives restarts; a slot
 * missed while every instance was down runs once when one comes back.
 */
export async function scheduleNextRun(db: Db, job: RecurringJob, now: number): Promise<void> {
  const runAt = job.next(now);
  await enqueueJob(db, job.name, {}, now, { runAt, uniqueKey: `${job.name}@${runAt}`, keepExisting: true });
}

/** The next full hour (UTC) after `now`. */
export const everyHour = (now: number): number => Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;

/** The next `hour`:00 UTC after `now`, every day. */
export function everyDayAt(hour: number): (now: number) => number {
  return (now) => {
    const today = Math.floor(now / DAY_MS) * DAY_MS + hour * HOUR_MS;
    return today > now ? today : today + DAY_MS;
  };
}

/** The next Monday at `hour`:00 UTC after `now`. */
export function everyMondayAt(hour: number): (now: number) => number {
  return (now) => {
    const date = new Date(now);
    const daysSinceMonday = (date.getUTCDay() + 6) % 7;
    const monday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - daysSinceMonday, hour);
    return monday > now ? monday : monday + WEEK_MS;
  };
}

/** The next full hour (UTC) after `now` that falls on a Monday: 24 slots a week. */
export function everyHourOnMondays(now: number): number {
  const next = everyHour(now);
  return new Date(next).getUTCDay() === 1 ? next : everyMondayAt(0)(now);
}

/** The ISO-8601 week of a time (UTC), e.g. 2026-W48: the key of a weekly mail. */
export function isoWeek(now: number): string {
  const date = new Date(now);
  // The week belongs to the year of its Thursday.
  const thursday = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7)),
  );
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / WEEK_MS);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
