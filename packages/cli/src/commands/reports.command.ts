import type { Command } from 'commander';
import { DECISION_GROUNDS, REPORT_DECISIONS } from '@datekit/runtime/data/reports';
import type { DecideOptions } from './reports.ts';

/**
 * Reports and bans from the command line (the operator console does the same in the browser):
 * the queue, a decision with its statement of reasons, a ban or unban without a report.
 */
export function declareReports(program: Command): void {
  const reports = program.command('reports').description('Reports about members and content (DSA notices)');

  reports
    .command('list')
    .description('Open reports, oldest first')
    .option('--brand <domain>', 'only this brand')
    .action(async (options: { brand?: string }) => (await import('./reports.ts')).listReportsCommand(options));

  reports
    .command('decide <id>')
    .description('Decide a report; the member gets a statement of reasons, the reporter the outcome')
    .requiredOption('--decision <decision>', REPORT_DECISIONS.join(' | '))
    .requiredOption('--ground <ground>', DECISION_GROUNDS.join(' | '))
    .requiredOption('--facts <text>', 'the facts and circumstances, as the member will read them')
    .option('--photo <id>', 'remove_photo: the photo to remove')
    .option('--days <n>', 'suspend: for how many days')
    .action(async (id: string, options: DecideOptions) =>
      (await import('./reports.ts')).decideReportCommand(id, options),
    );

  const members = program.command('members').description('Ban or unban members');
  members
    .command('ban <id>')
    .description('Ban a member: sessions end, the profile disappears, a statement of reasons goes out')
    .requiredOption('--ground <ground>', DECISION_GROUNDS.join(' | '))
    .requiredOption('--facts <text>', 'the facts and circumstances, as the member will read them')
    .action(async (id: string, options: { ground: string; facts: string }) =>
      (await import('./reports.ts')).banCommand(id, options),
    );
  members
    .command('unban <id>')
    .description('Lift a ban or suspension')
    .action(async (id: string) => (await import('./reports.ts')).unbanCommand(id));
}
