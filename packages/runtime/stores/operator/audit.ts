import { atom } from 'nanostores';
import type { AuditEntryJson } from '../../schemas/api/operator/audit.ts';
import { api } from '../api.ts';
import { createKeyedLoader, type Loadable } from '../loadable.ts';

export interface AuditFilter {
  action?: string;
  operator?: string;
  target_type?: string;
  target_id?: string;
}

export interface AuditPage {
  entries: AuditEntryJson[];
  /** Where the next older page starts; null when there is none. */
  next: number | null;
}

/** The audit log for a filter, newest first, with the older pages asked for appended. */
export const $audit = atom<Loadable<AuditPage>>({ status: 'idle' });

let shownFilter: AuditFilter = {};

const fetchPage = async (filter: AuditFilter, before: number | null): Promise<AuditPage> => {
  const answer = await api().call('GET /api/operator/audit', { query: { ...filter, ...(before ? { before } : {}) } });
  return { entries: answer.entries, next: answer.next_before };
};

const audit = createKeyedLoader($audit, (filter: AuditFilter) => fetchPage(filter, null));

/** The first page for a filter. */
export async function loadAudit(filter: AuditFilter): Promise<void> {
  shownFilter = filter;
  await audit.open(filter);
}

/** The next older page, appended to the entries shown. */
export async function loadMoreAudit(): Promise<void> {
  const shown = $audit.get();
  if (shown.status !== 'ready' || shown.data.next === null) return;
  const filter = shownFilter;
  const page = await fetchPage(filter, shown.data.next);
  const now = $audit.get();
  // Only onto the same list: a new filter meanwhile replaced it.
  if (now !== shown || filter !== shownFilter) return;
  $audit.set({ status: 'ready', data: { entries: [...shown.data.entries, ...page.entries], next: page.next } });
}
