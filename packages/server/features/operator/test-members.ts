import sharp from 'sharp';
import type { TestClient } from '../../test/http-client.ts';
import { member } from '../../test/member.ts';
import type { TestServer } from '../../test/test-server.ts';

/** An activated member of alpha.test (or `host`), with their browser; `overrides` go into the signup. */
export function activeMember(server: TestServer, overrides: Record<string, unknown> = {}, host = 'alpha.test') {
  return member(server, { host, signup: overrides });
}

/** Uploads a photo as the member; it waits in inspection. Answers its id. */
export async function uploadPhoto(browser: TestClient, colour = '#a33'): Promise<number> {
  const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const res = await browser.request<{ photo: { id: number } }>('POST', '/api/photos.php', {
    raw: image,
    headers: { 'content-type': 'image/jpeg' },
  });
  return res.body.photo.id;
}

/**
 * `reporter` reports `memberId` for harassment and `moderator` decides the report with a suspension of
 * `days`; fails the test unless the decision is taken. Answers the report's id.
 */
export async function suspendThroughReport(
  reporter: TestClient,
  moderator: TestClient,
  memberId: number,
  { facts, days }: { facts: string; days: number },
): Promise<number> {
  const report = await reporter.post<{ report_id: number }>('/api/report.php', {
    reported_id: memberId,
    context: 'profile',
    reason: 'harassment',
  });
  const decided = await moderator.post(`/api/operator/reports/${report.body.report_id}/decide`, {
    decision: 'suspend',
    ground: 'terms_harassment',
    facts,
    suspend_days: days,
  });
  if (decided.status !== 200) throw new Error(`the suspension was not decided: ${decided.status} ${decided.text}`);
  return report.body.report_id;
}
