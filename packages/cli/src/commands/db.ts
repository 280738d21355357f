import type { Command } from 'commander';
import { seedDemoMembers, DEMO_ACCOUNT } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

export function registerDb(program: Command): void {
  const db = program
    .command('db')
    .description('Database: migrations and demo data (SQLite by default, PostgreSQL with DATABASE_URL)');

  db.command('migrate')
    .description('Bring the database schema to the latest migration')
    .action(async () => {
      const services = await openServices();
      try {
        const applied = await migrate(services);
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      } finally {
        await services.db.destroy();
      }
    });

  db.command('seed')
    .description('Create fictional demo members (with generated portraits) and a demo login for a brand')
    .option('--brand <domain>', 'brand to seed', 'localhost')
    .option('--count <n>', 'number of fictional members', '48')
    .action(async (options: { brand: string; count: string }) => {
      const services = await openServices();
      try {
        const brand = services.brands.get(options.brand);
        if (!brand) throw new Error(`Unknown brand "${options.brand}"`);
        await migrate(services);
        const result = await seedDemoMembers(services, brand, Number(options.count));
        console.log(
          result.skipped
            ? `${brand.domain} already has demo members; nothing to do.`
            : `Seeded ${result.created} fictional members on ${brand.domain}. Demo login: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
        );
      } finally {
        await services.db.destroy();
      }
    });
}
