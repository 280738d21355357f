import { listJobs } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

/** `datekit jobs`: what the queue holds: queued and running jobs by due time, and failed ones with their error. */
export async function listJobsCommand(): Promise<void> {
  const services = await openServices();
  try {
    await migrate(services);
    const jobs = await listJobs(services.db);
    if (!jobs.length) {
      console.log('No queued or failed jobs.');
      return;
    }
    const rows = jobs.map((j) => ({
      id: j.id,
      name: j.name,
      status: j.status,
      due: new Date(Number(j.run_at)).toISOString(),
      attempts: `${j.attempts}/${j.max_attempts}`,
      payload: j.payload,
      error: j.last_error ?? '',
    }));
    console.table(rows);
    const failed = jobs.filter((j) => j.status === 'failed').length;
    if (failed) process.exitCode = 1;
  } finally {
    await services.db.destroy();
  }
}
