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
import { PUSH_JOB, runPushJob, type PushJob } from '../push/push-notifications.ts';
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
    [PUSH_JOB]: async (payload) => {
      await runPushJob(services, payload as PushJob);
    },
  };
}

/** Jobs one runner works on at once: pushes and mails mostly wait on other servers. */
export const JOB_CONCURRENCY = 8;

/** The runner `datekit serve` starts in every instance; several instances share the queue safely. */
export function createJobRunner(
  services: Services,
  options: { pollMs?: number; concurrency?: number } = {},
): JobRunner {
  return new JobRunner({
    db: services.db,
    engine: services.engine,
    handlers: jobHandlers(services),
    now: services.now,
    // A failing job is retried and, in the end, listed by `datekit jobs`; the log says why meanwhile.
    onError: (error, job) => console.error(`job ${job.name} #${job.id} failed:`, error),
    concurrency: JOB_CONCURRENCY,
    ...options,
  });
}
