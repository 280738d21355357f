import type { ComplaintBody, ReportBody } from '../schemas/api/reports.ts';
import { api } from './api.ts';

/**
 * Sends a report about a member's profile, a conversation or a message; answers its reference. One
 * attempt: the server confirms it by mail, so a retry must not send a second report.
 */
export async function sendReport(report: ReportBody): Promise<number> {
  const answer = await api().call('POST /api/report.php', { body: report }, { retries: 0 });
  return answer.report_id;
}

/** Sends the /complaints form; answers the complaint's reference. */
export async function sendComplaint(complaint: ComplaintBody): Promise<number> {
  const answer = await api().call('POST /api/complaint.php', { body: complaint }, { retries: 0 });
  return answer.report_id;
}
