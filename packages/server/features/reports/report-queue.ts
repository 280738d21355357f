import type { Services } from '../../services.ts';

export interface OpenReport {
  id: number;
  brand: string;
  createdAt: number;
  context: string;
  contextId: number | null;
  reason: string;
  text: string;
  subject: string | null;
  reporter: { id: number | null; name: string | null; email: string | null };
  reported: { id: number; name: string; sanction: string | null } | null;
  /** Open reports about the same member, this one included. */
  openAboutMember: number;
}

/** The moderators' queue: open reports, oldest first, with who reported whom, in one query. */
export async function openReports(
  services: Services,
  options: { brand?: string; limit?: number } = {},
): Promise<OpenReport[]> {
  const rows = await services.db
    .selectFrom('reports as r')
    .leftJoin('profiles as p', 'p.id', 'r.reported_id')
    .leftJoin('users as u', 'u.id', 'r.reported_id')
    .leftJoin('users as ru', 'ru.id', 'r.reporter_id')
    .select((eb) => [
      'r.id',
      'r.brand',
      'r.created_at',
      'r.context',
      'r.context_id',
      'r.reason',
      'r.text',
      'r.subject',
      'r.reporter_id',
      'r.reporter_name',
      'r.reporter_email',
      'ru.email as reporter_member_email',
      'r.reported_id',
      'p.name as reported_name',
      'u.sanction',
      eb
        .selectFrom('reports as o')
        .select((o) => o.fn.countAll<number>().as('n'))
        .whereRef('o.reported_id', '=', 'r.reported_id')
        .where('o.status', '=', 'open')
        .as('open_about_member'),
    ])
    .where('r.status', '=', 'open')
    .$if(Boolean(options.brand), (q) => q.where('r.brand', '=', options.brand!))
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(options.limit ?? 200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    brand: r.brand,
    createdAt: Number(r.created_at),
    context: r.context,
    contextId: r.context_id,
    reason: r.reason,
    text: r.text,
    subject: r.subject,
    reporter: { id: r.reporter_id, name: r.reporter_name, email: r.reporter_member_email ?? r.reporter_email },
    reported:
      r.reported_id !== null ? { id: r.reported_id, name: r.reported_name ?? '', sanction: r.sanction ?? null } : null,
    openAboutMember: Number(r.open_about_member ?? 0),
  }));
}
