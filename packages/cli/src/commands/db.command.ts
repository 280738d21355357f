import type { Command } from 'commander';

export function declareDb(program: Command): void {
  const db = program
    .command('db')
    .description('Database: migrations and demo data (SQLite by default, PostgreSQL with DATABASE_URL)');

  db.command('migrate')
    .description('Bring the database schema to the latest migration')
    .action(async () => (await import('./db.ts')).migrateCommand());

  db.command('seed')
    .description('Create fictional demo members (with generated portraits) and a demo login for a brand')
    .option('--brand <domain>', 'brand to seed', 'localhost')
    .option('--count <n>', 'number of fictional members', '48')
    .action(async (options: { brand: string; count: string }) => (await import('./db.ts')).seedCommand(options));

  db.command('backup <file>')
    .description('Back up the database while the server runs (SQLite online backup, or pg_dump with DATABASE_URL)')
    .action(async (file: string) => (await import('./db-backup.ts')).backupCommand(file));
}
