import type { Command } from 'commander';
import {
  DECISION_GROUNDS,
  REPORT_DECISIONS,
  type DecisionGround,
  type ReportDecision,
} from '@datekit/runtime/data/reports';
import { banMember, decideReport, openReports, unbanMember } from '@datekit/server';
import { migrate, openServices } from '../server-context.ts';

type Services = Awaited<ReturnType<typeof openServices>>;

async function withServices(run: (services: Services) => Promise<void>): Promise<void> {
  const services = await openServices();
  try {
    await migrate(services);
    await run(services);
  } finally {
    await services.db.destroy();
  }
}

function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`${what} must be one of: ${allowed.join(', ')}`);
}

/**
 * Reports and bans from the command line (the operator console does the same in the browser):
 * the queue, a decision with its statement of reasons, a ban or unban without a report.
 */
export function registerReports(program: Command): void {
  const reports = program.command('reports').description('Reports about members and content (DSA notices)');

  reports
    .command('list')
    .description('Open reports, oldest first')
    .option('--brand <domain>', 'only this brand')
    .action((options: { brand?: string }) =>
      withServices(async (services) => {
        const open = await openReports(services, options);
        if (!open.length) console.log('No open reports.');
        for (const r of open) {
          const about = r.reported ? `member ${r.reported.id} (${r.reported.name})` : (r.subject ?? '-');
          console.log(
            `${r.id}\t${r.brand}\t${new Date(r.createdAt).toISOString()}\t${r.context}\t${r.reason}\t${about}\t${r.text}`,
          );
        }
      }),
    );

  reports
    .command('decide <id>')
    .description('Decide a report; the member gets a statement of reasons, the reporter the outcome')
    .requiredOption('--decision <decision>', REPORT_DECISIONS.join(' | '))
    .requiredOption('--ground <ground>', DECISION_GROUNDS.join(' | '))
    .requiredOption('--facts <text>', 'the facts and circumstances, as the member will read them')
    .option('--photo <id>', 'remove_photo: the photo to remove')
    .option('--days <n>', 'suspend: for how many days')
    .action((id: string, options: { decision: string; ground: string; facts: string; photo?: string; days?: string }) =>
      withServices(async (services) => {
        const result = await decideReport(services, {
          reportId: Number(id),
          decision: oneOf<ReportDecision>(options.decision, REPORT_DECISIONS, '--decision'),
          ground: oneOf<DecisionGround>(options.ground, DECISION_GROUNDS, '--ground'),
          facts: options.facts,
          decidedBy: null,
          ...(options.photo ? { photoId: Number(options.photo) } : {}),
          ...(options.days ? { suspendDays: Number(options.days) } : {}),
        });
        const also = result.alsoClosed.length ? ` (also closed: ${result.alsoClosed.join(', ')})` : '';
        console.log(`Report ${result.reportId}: ${result.decision}${also}`);
      }),
    );

  const members = program.command('members').description('Ban or unban members');
  members
    .command('ban <id>')
    .description('Ban a member: sessions end, the profile disappears, a statement of reasons goes out')
    .requiredOption('--ground <ground>', DECISION_GROUNDS.join(' | '))
    .requiredOption('--facts <text>', 'the facts and circumstances, as the member will read them')
    .action((id: string, options: { ground: string; facts: string }) =>
      withServices(async (services) => {
        await banMember(services, {
          memberId: Number(id),
          ground: oneOf<DecisionGround>(options.ground, DECISION_GROUNDS, '--ground'),
          facts: options.facts,
        });
        console.log(`Member ${id} banned.`);
      }),
    );
  members
    .command('unban <id>')
    .description('Lift a ban or suspension')
    .action((id: string) =>
      withServices(async (services) => {
        const lifted = await unbanMember(services, Number(id));
        console.log(lifted ? `Member ${id} unbanned.` : `Member ${id} was not banned.`);
        if (!lifted) process.exitCode = 1;
      }),
    );
}
