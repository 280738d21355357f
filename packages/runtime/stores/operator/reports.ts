import { atom } from 'nanostores';
import type { QueuedReportJson, ReportDecisionRequest } from '../../schemas/api/operator/reports.ts';
import type { DecisionGround } from '../../data/reports.ts';
import { api } from '../api.ts';

/** Open reports, oldest first; a decided report (and those it closed with it) leaves the list. */
export const $reportQueue = atom<QueuedReportJson[] | null>(null);

/** The open reports of one brand (the start page links here with `?brand=`), or of all. */
export async function loadReportQueue(brand = ''): Promise<void> {
  const { reports } = await api().call('GET /api/operator/reports', {
    query: brand ? { brand } : {},
  });
  $reportQueue.set(reports);
}

export async function decideQueuedReport(id: number, decision: ReportDecisionRequest): Promise<void> {
  const answer = await api().call(
    'POST /api/operator/reports/:id/decide',
    { params: { id }, body: decision },
    { retries: 0 },
  );
  const gone = new Set([id, ...answer.also_closed]);
  $reportQueue.set(($reportQueue.get() ?? []).filter((report) => !gone.has(report.id)));
}

/** Ban or unban a member from the console's member page. */
export async function banMemberFromConsole(memberId: number, ground: DecisionGround, facts: string): Promise<void> {
  await api().call(
    'POST /api/operator/members/:id/ban',
    { params: { id: memberId }, body: { ground, facts } },
    { retries: 0 },
  );
}

export async function unbanMemberFromConsole(memberId: number, reason: string): Promise<void> {
  await api().call(
    'POST /api/operator/members/:id/unban',
    { params: { id: memberId }, body: { reason } },
    { retries: 0 },
  );
}
