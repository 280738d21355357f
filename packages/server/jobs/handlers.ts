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
import { LIFT_SUSPENSION_JOB, runLiftSuspensionJob } from '../features/reports/sanctions.ts';
import type { Services } from '../services.ts';
import { JobRunner, type JobHandler } from './runner.ts';

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
    [LIFT_SUSPENSION_JOB]: async (payload) => {
      await runLiftSuspensionJob(services, (payload as { userId: number }).userId);
    },
  };
}

/** The runner `datekit serve` starts in every instance; several instances share the queue safely. */
export function createJobRunner(services: Services, options: { pollMs?: number } = {}): JobRunner {
  return new JobRunner({
    db: services.db,
    engine: services.engine,
    handlers: jobHandlers(services),
    now: services.now,
    // A failing job is retried and, in the end, listed by `datekit jobs`; the log says why meanwhile.
    onError: (error, job) => console.error(`job ${job.name} #${job.id} failed:`, error),
    ...options,
  });
}
