import { atom } from 'nanostores';
import type { QueuedReportJson, ReportDecisionRequest } from '../../schemas/api/operator/reports.ts';
import type { DecisionGround } from '../../data/reports.ts';
import { ONCE } from './write-once.ts';
import { api } from '../api.ts';
import { createKeyedLoader, type Loadable } from '../loadable.ts';

/** Open reports, oldest first; a decided report (and those it closed with it) leaves the list. */
export const $reportQueue = atom<Loadable<QueuedReportJson[]>>({ status: 'idle' });

const reportQueue = createKeyedLoader($reportQueue, async (brand: string) => {
  const { reports } = await api().call('GET /api/operator/reports', { query: brand ? { brand } : {} });
  return reports;
});

/** The open reports of one brand (the start page links here with `?brand=`), or of all. */
export async function loadReportQueue(brand = ''): Promise<void> {
  await reportQueue.open(brand);
}

export async function decideQueuedReport(id: number, decision: ReportDecisionRequest): Promise<void> {
  const answer = await api().call('POST /api/operator/reports/:id/decide', { params: { id }, body: decision }, ONCE);
  const gone = new Set([id, ...answer.also_closed]);
  const shown = $reportQueue.get();
  if (shown.status === 'ready') {
    $reportQueue.set({ status: 'ready', data: shown.data.filter((report) => !gone.has(report.id)) });
  }
}

/** Ban or unban a member from the console's member page. */
export async function banMemberFromConsole(memberId: number, ground: DecisionGround, facts: string): Promise<void> {
  await api().call('POST /api/operator/members/:id/ban', { params: { id: memberId }, body: { ground, facts } }, ONCE);
}

export async function unbanMemberFromConsole(memberId: number, reason: string): Promise<void> {
  await api().call('POST /api/operator/members/:id/unban', { params: { id: memberId }, body: { reason } }, ONCE);
}
