import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $audit, loadAudit, loadMoreAudit, type AuditFilter } from '@datekit/runtime/stores/operator/audit';
import { UiProvider } from '../ui.tsx';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';
import { consoleDates } from './console-dates.ts';

/** The audit log for owners: read-only, newest first, filtered by action or operator. */
export default function OperatorAudit({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Audit lang={lang} />
    </UiProvider>
  );
}

function Audit({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const page = loadedData(useStore($audit));
  const entries = page?.entries ?? [];
  const next = page?.next ?? null;
  const [filter, setFilter] = useState<AuditFilter>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadAudit(filter).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [filter, t]);

  function onFilter(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const action = String(data.get('action') ?? '').trim();
    const operator = String(data.get('operator') ?? '').trim();
    setFilter({ ...(action ? { action } : {}), ...(operator ? { operator } : {}) });
  }

  const dates = consoleDates(lang);
  return (
    <>
      <p className="op-muted">{t('op.audit.intro')}</p>
      <form className="op-filters" onSubmit={onFilter}>
        <label>
          {t('op.audit.filter_action')}
          <input name="action" placeholder="credits.grant" />
        </label>
        <label>
          {t('op.audit.filter_operator')}
          <input name="operator" type="email" />
        </label>
        <button className="op-button secondary" type="submit">
          {t('op.audit.filter')}
        </button>
      </form>
      <OpError message={error} />
      {entries.length === 0 ? (
        <p>{t('op.audit.empty')}</p>
      ) : (
        <table className="op-table" data-testid="op-audit">
          <thead>
            <tr>
              <th>{t('op.audit.when')}</th>
              <th>{t('op.audit.who')}</th>
              <th>{t('op.audit.action')}</th>
              <th>{t('op.audit.target')}</th>
              <th>{t('op.audit.reason')}</th>
              <th>{t('op.audit.details')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{dates.dateTime(entry.created_at)}</td>
                <td>{entry.operator_email}</td>
                <td>{entry.action}</td>
                <td>{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}` : ''}</td>
                <td>{entry.reason}</td>
                <td>
                  <code>{entry.details}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next !== null && (
        <button className="op-button secondary" type="button" onClick={() => void loadMoreAudit()}>
          {t('op.audit.more')}
        </button>
      )}
    </>
  );
}
