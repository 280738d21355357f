import { atom } from 'nanostores';
import type { AuditEntryJson } from '../../schemas/api/operator/audit.ts';
import { api } from '../api.ts';

export const $auditEntries = atom<AuditEntryJson[]>([]);
export const $auditNext = atom<number | null>(null);

export interface AuditFilter {
  action?: string;
  operator?: string;
  target_type?: string;
  target_id?: string;
}

/** The first page for a filter, or (with `more`) the next older page appended. */
export async function loadAudit(filter: AuditFilter, more = false): Promise<void> {
  const before = more ? $auditNext.get() : null;
  const answer = await api().call('GET /api/operator/audit', {
    query: { ...filter, ...(before ? { before } : {}) },
  });
  $auditEntries.set(more ? [...$auditEntries.get(), ...answer.entries] : answer.entries);
  $auditNext.set(answer.next_before);
}
