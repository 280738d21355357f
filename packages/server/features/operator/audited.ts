import { lazyTransaction } from '../../db/lazy-transaction.ts';
import type { Services } from '../../services.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import type { CurrentOperator } from './operator-sessions.ts';

/**
 * Runs an operator's action and writes its audit row in ONE transaction: both happen, or neither.
 * The action gets services whose `db` is that transaction (a `db.transaction()` inside joins it), so
 * the existing services (grantCredits, approvePhotos…) are reused as they are.
 */
export async function audited<T>(
  services: Services,
  operator: CurrentOperator,
  entry: AuditEntry | ((result: T) => AuditEntry),
  action: (scoped: Services) => Promise<T>,
): Promise<T> {
  const outer = lazyTransaction(services.db, services.engine);
  try {
    const result = await action({ ...services, db: outer.db });
    const row = typeof entry === 'function' ? entry(result) : entry;
    await recordAudit(outer.db, { id: operator.id, email: operator.email }, row, services.now());
    const trx = await outer.open();
    await trx.commit().execute();
    return result;
  } catch (error) {
    await outer.rollback().catch(() => undefined);
    throw error;
  }
}
