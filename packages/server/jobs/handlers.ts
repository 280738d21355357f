import { DASHBOARD_ROLLUP_JOB, rollUpDashboard } from '../features/operator/dashboard-rollup.ts';
import { ERASE_JOB } from '../features/account/deletion.ts';
import { eraseAccount } from '../features/account/erase-account.ts';
import {
  LIKE_MAIL_JOB,
  MESSAGE_MAIL_JOB,
  runLikeMailJob,
  runMessageMailJob,
  type LikeMailJob,
  type MessageMailJob,
} from '../features/notifications/mail-notifications.ts';
import { sweepUnreadReminders, UNREAD_REMINDER_SWEEP } from '../features/notifications/digests/unread-reminders.ts';
import { sweepWeeklyUpdates, WEEKLY_UPDATE_SWEEP } from '../features/notifications/digests/weekly-updates.ts';
import { PUSH_JOB, runPushJob, type PushJob } from '../push/push-notifications.ts';
import { LIFT_SUSPENSION_JOB, runLiftSuspensionJob } from '../features/reports/sanctions.ts';
import { PRUNE_SIGN_INS_JOB, pruneSignIns } from '../features/auth/sign-ins.ts';
import { syncPayment } from '../features/payments/sync-payment.ts';
import { PAYMENT_SYNC_JOB } from '../features/payments/webhook-sync.ts';
import { PRUNE_KEPT_RECORDS_JOB, pruneKeptRecords } from '../features/account/prune-kept-records.ts';
import { POSTBACK_JOB, sendPostback } from '../features/postbacks/send-postback.ts';
import { onCommitSignal } from '../db/commit-signal.ts';
import { isDatabaseUnavailable } from '../errors/database-unavailable.ts';
import { countOutcome } from '../ops/metrics.ts';
import type { Services } from '../services.ts';
import { scheduleNextRun, type RecurringJob } from './recurring.ts';
import { JobRunner, type JobHandler } from './runner.ts';

/** Jobs that run again and again: each run queues the next one first, so a failing run never ends the chain. */
const RECURRING: { job: RecurringJob; run: (services: Services) => Promise<unknown> }[] = [
  { job: UNREAD_REMINDER_SWEEP, run: sweepUnreadReminders },
  { job: WEEKLY_UPDATE_SWEEP, run: sweepWeeklyUpdates },
  // Hourly: recounts the last complete days and fills history in batches (features/operator/dashboard-rollup.ts).
  { job: DASHBOARD_ROLLUP_JOB, run: (services) => rollUpDashboard(services.db, services.now()) },
  { job: PRUNE_SIGN_INS_JOB, run: pruneSignIns },
  { job: PRUNE_KEPT_RECORDS_JOB, run: pruneKeptRecords },
];

/** Queues the next run of every recurring job unless it is queued already; every instance calls it at start. */
export async function scheduleRecurringJobs(services: Services): Promise<void> {
  for (const { job } of RECURRING) await scheduleNextRun(services.db, job, services.now());
}

/** Every kind of job the server runs, by name. */
export function jobHandlers(services: Services): Record<string, JobHandler> {
  return {
    [ERASE_JOB]: async (payload) => {
      await eraseAccount(services, (payload as { userId: number }).userId);
    },
    [MESSAGE_MAIL_JOB]: async (payload) => {
      await runMessageMailJob(services, payload as MessageMailJob);
    },
    [LIKE_MAIL_JOB]: async (payload) => {
      await runLikeMailJob(services, payload as LikeMailJob);
    },
    ...Object.fromEntries(
      RECURRING.map(({ job, run }) => [
        job.name,
        async () => {
          await scheduleNextRun(services.db, job, services.now());
          await run(services);
        },
      ]),
    ),
    [PUSH_JOB]: async (payload) => {
      await runPushJob(services, payload as PushJob);
    },
    // A webhook inside a payment's quiet window asked for this: the provider is asked now.
    [PAYMENT_SYNC_JOB]: async (payload) => {
      await syncPayment(services, (payload as { id: string }).id);
    },
    // A conversion postback to an affiliate network (features/postbacks/): one request, retried by the runner.
    [POSTBACK_JOB]: async (payload) => {
      await sendPostback(services, (payload as { id: number }).id);
    },
    [LIFT_SUSPENSION_JOB]: async (payload) => {
      await runLiftSuspensionJob(services, (payload as { userId: number }).userId);
    },
  };
}

/** Jobs one runner works on at once: pushes and mails mostly wait on other servers. */
export const JOB_CONCURRENCY = 8;

/**
 * The runner `datekit serve` starts in every instance; several instances share the queue safely. It
 * wakes when a job due now commits: in this process from the database's commit signal, from other
 * instances through the event bus's LISTEN connection (PostgreSQL); else it polls every JOB_POLL_MS.
 */
export function createJobRunner(
  services: Services,
  options: { pollMs?: number; concurrency?: number } = {},
): JobRunner {
  return new JobRunner({
    db: services.db,
    engine: services.engine,
    handlers: jobHandlers(services),
    now: services.now,
    pollMs: services.config.jobPollMs,
    // A failing job is retried and, in the end, listed by `datekit jobs`; the log says why meanwhile.
    onError: (error, job) => {
      // id 0: the poll itself failed. With the database away it tries again at the next poll; the pool's
      // warning and /readyz already say so, without a stack every few seconds.
      if (!job.id && isDatabaseUnavailable(error)) return;
      if (job.id) countOutcome(services, 'jobFailures', job.name);
      services.log.error({ err: error, job: job.name, job_id: job.id }, 'job failed');
    },
    concurrency: JOB_CONCURRENCY,
    wakeSources: [(wake) => onCommitSignal(services.db, wake), (wake) => services.events.onJobsQueued(wake)],
    ...options,
  });
}
