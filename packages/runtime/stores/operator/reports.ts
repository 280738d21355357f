import { atom } from 'nanostores';
import type { OkResponse } from '../../schemas/api/ok.ts';
import type {
  OperatorReportsResponse,
  QueuedReportJson,
  ReportDecisionRequest,
  ReportDecisionResponse,
} from '../../schemas/api/operator/reports.ts';
import type { DecisionGround } from '../../data/reports.ts';
import { api } from '../api.ts';

/** Open reports, oldest first; a decided report (and those it closed with it) leaves the list. */
export const $reportQueue = atom<QueuedReportJson[] | null>(null);

/** The open reports of one brand (the start page links here with `?brand=`), or of all. */
export async function loadReportQueue(brand = ''): Promise<void> {
  const { reports } = await api().get<OperatorReportsResponse>('/api/operator/reports', {
    query: brand ? { brand } : {},
  });
  $reportQueue.set(reports);
}

export async function decideQueuedReport(id: number, decision: ReportDecisionRequest): Promise<void> {
  const answer = await api().post<ReportDecisionResponse>(`/api/operator/reports/${id}/decide`, decision, {
    retries: 0,
  });
  const gone = new Set([id, ...answer.also_closed]);
  $reportQueue.set(($reportQueue.get() ?? []).filter((report) => !gone.has(report.id)));
}

/** Ban or unban a member from the console's member page. */
export async function banMemberFromConsole(memberId: number, ground: DecisionGround, facts: string): Promise<void> {
  await api().post<OkResponse>(`/api/operator/members/${memberId}/ban`, { ground, facts }, { retries: 0 });
}

export async function unbanMemberFromConsole(memberId: number, reason: string): Promise<void> {
  await api().post<OkResponse>(`/api/operator/members/${memberId}/unban`, { reason }, { retries: 0 });
}
