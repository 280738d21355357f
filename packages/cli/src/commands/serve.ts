import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import {
  assertMigrated,
  createApp,
  createPostgresBus,
  exitOnSignals,
  NotMigratedError,
  shutdown,
  startEventPruning,
  createJobRunner,
  scheduleRecurringJobs,
  type Services,
} from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';
import { isAddressInUse, PortInUseError } from './port-in-use.ts';

/**
 * Starts the server for every built brand. Refuses a database whose migrations are behind (the
 * message names the command to run) unless `migrate` applies them first, and a port already taken
 * (PortInUseError). SIGTERM/SIGINT stop it gracefully: open event streams are told to reconnect,
 * requests in flight finish, exit within 10 s.
 */
export async function startServer(options: { migrate?: boolean; services?: Services } = {}) {
  const services = options.services ?? (await openServices());
  try {
    if (options.migrate) await migrate(services);
    else await assertMigrated(services.db);
  } catch (error) {
    await services.db.destroy();
    throw error;
  }
  // With PostgreSQL, live events travel through LISTEN/NOTIFY, so every instance reaches every tab.
  if (services.config.databaseUrl) services.events = await createPostgresBus(services.config.databaseUrl);
  const stopPruning = startEventPruning(services.db);
  const app = createApp(services);
  const { port, host } = services.config;
  try {
    await app.listen({ port, host });
  } catch (error) {
    stopPruning();
    await shutdown(app, services);
    throw isAddressInUse(error) ? new PortInUseError(host, port) : error;
  }
  // Every instance runs the queue: the jobs table hands each job to one of them (packages/server/jobs).
  // The digest sweeps (unread reminders, weekly updates) queue their next run; one row per slot for all instances.
  await scheduleRecurringJobs(services);
  const jobs = createJobRunner(services);
  jobs.start();
  exitOnSignals(async (signal) => {
    app.log.warn({ signal }, 'shutting down');
    stopPruning();
    await jobs.stop();
    await shutdown(app, services);
  });
  return { app, services, jobs, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}` };
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve every built brand and the API (PORT, default 4321)')
    .option('--migrate', 'run pending migrations first')
    .action(async (options: { migrate?: boolean }) => {
      try {
        const { url, services, app } = await startServer(options);
        const domains = services.brands.all().map((b) => b.domain);
        const built = domains.filter((d) => fs.existsSync(path.join(services.config.distDir, d, 'routes.json')));
        const unbuilt = domains.filter((d) => !built.includes(d));
        // JSON logs stay JSON from the first line: through the logger, at the level its default (warn) prints.
        const say = services.config.logFormat === 'json' ? (line: string) => app.log.warn(line) : console.log;
        say(`datekit serving ${built.join(', ') || 'no built brand'} on ${url} (API docs: ${url}/api/openapi.json)`);
        if (unbuilt.length) say(`Not built yet (run datekit build): ${unbuilt.join(', ')}`);
      } catch (error) {
        if (!(error instanceof NotMigratedError || error instanceof PortInUseError)) throw error;
        console.error(error.message);
        process.exitCode = 1;
      }
    });
}
