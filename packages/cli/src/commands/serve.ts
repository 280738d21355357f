import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { createApp, createPostgresBus } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

/** Starts the server for every built brand; stops cleanly on SIGINT/SIGTERM. */
export async function startServer(options: { migrate?: boolean } = {}) {
  const services = await openServices();
  if (options.migrate) await migrate(services);
  // With PostgreSQL, live events travel through LISTEN/NOTIFY, so every instance reaches every tab.
  if (services.config.databaseUrl) services.events = await createPostgresBus(services.config.databaseUrl);
  const app = createApp(services, { logger: process.env.LOG_REQUESTS === 'true' });
  const { port, host } = services.config;
  await app.listen({ port, host });
  const shutdown = async () => {
    await app.close();
    await services.events.close();
    await services.db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  return { app, services, url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}` };
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('Serve every built brand and the API (PORT, default 4321)')
    .option('--migrate', 'run pending migrations first')
    .action(async (options: { migrate?: boolean }) => {
      const { url, services } = await startServer(options);
      const domains = services.brands.all().map((b) => b.domain);
      const built = domains.filter((d) => fs.existsSync(path.join(services.config.distDir, d, 'routes.json')));
      const unbuilt = domains.filter((d) => !built.includes(d));
      console.log(
        `datekit serving ${built.join(', ') || 'no built brand'} on ${url} (API docs: ${url}/api/openapi.json)`,
      );
      if (unbuilt.length) console.log(`Not built yet (run datekit build): ${unbuilt.join(', ')}`);
    });
}
