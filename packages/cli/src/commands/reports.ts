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

/*
 * Reports and bans from the command line (the operator console does the same in the browser):
 * the queue, a decision with its statement of reasons, a ban or unban without a report.
 */

/** `datekit reports list`: open reports, oldest first. */
export function listReportsCommand(options: { brand?: string }): Promise<void> {
  return withServices(async (services) => {
    const open = await openReports(services, options);
    if (!open.length) console.log('No open reports.');
    for (const r of open) {
      const about = r.reported ? `member ${r.reported.id} (${r.reported.name})` : (r.subject ?? '-');
      console.log(
        `${r.id}\t${r.brand}\t${new Date(r.createdAt).toISOString()}\t${r.context}\t${r.reason}\t${about}\t${r.text}`,
      );
    }
  });
}

export interface DecideOptions {
  decision: string;
  ground: string;
  facts: string;
  photo?: string;
  days?: string;
}

/** `datekit reports decide <id>`: the member gets a statement of reasons, the reporter the outcome. */
export function decideReportCommand(id: string, options: DecideOptions): Promise<void> {
  return withServices(async (services) => {
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
  });
}

/** `datekit members ban <id>`: sessions end, the profile disappears, a statement of reasons goes out. */
export function banCommand(id: string, options: { ground: string; facts: string }): Promise<void> {
  return withServices(async (services) => {
    await banMember(services, {
      memberId: Number(id),
      ground: oneOf<DecisionGround>(options.ground, DECISION_GROUNDS, '--ground'),
      facts: options.facts,
    });
    console.log(`Member ${id} banned.`);
  });
}

/** `datekit members unban <id>`: lifts a ban or suspension. */
export function unbanCommand(id: string): Promise<void> {
  return withServices(async (services) => {
    const lifted = await unbanMember(services, Number(id));
    console.log(lifted ? `Member ${id} unbanned.` : `Member ${id} was not banned.`);
    if (!lifted) process.exitCode = 1;
  });
}
