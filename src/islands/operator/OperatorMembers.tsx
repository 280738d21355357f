import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $memberResults, searchMembers } from '@datekit/runtime/stores/operator/members';
import { $operatorBrands } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';
import { consoleDates } from './console-dates.ts';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';

export const MEMBER_STATES = ['not_confirmed', 'active', 'pending_deletion', 'erased'] as const;

/** Member search across brands: e-mail, name or id, brand and state; before a search, the latest signups or the flagged. */
export default function OperatorMembers({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Members lang={lang} />
    </UiProvider>
  );
}

/** What the list shows: one of the two lists a day starts with, or the answer to a search. */
type Shown = 'recent' | 'flagged' | 'search';

function Members({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const results = loadedData(useStore($memberResults));
  const brands = useStore($operatorBrands);
  const [shown, setShown] = useState<Shown>('recent');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    searchMembers({}).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [t]);

  function show(view: 'recent' | 'flagged') {
    setShown(view);
    setError(null);
    searchMembers(view === 'flagged' ? { view } : {}).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }

  function onSearch(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const query = Object.fromEntries(
      [...data].filter(([, v]) => String(v).trim() !== '').map(([k, v]) => [k, String(v)]),
    );
    setShown('search');
    setError(null);
    searchMembers(query).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }

  const dates = consoleDates(lang);
  return (
    <>
      <form className="op-filters" onSubmit={onSearch} data-testid="op-member-search">
        <label>
          {t('op.members.search')}
          <input name="q" type="search" />
        </label>
        <label>
          {t('op.col.brand')}
          <select name="brand" defaultValue="">
            <option value="">{t('op.members.any')}</option>
            {brands.map((brand) => (
              <option key={brand}>{brand}</option>
            ))}
          </select>
        </label>
        <label>
          {t('op.col.status')}
          <select name="status" defaultValue="">
            <option value="">{t('op.members.any')}</option>
            {MEMBER_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`op.state.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <button className="op-button" type="submit">
          {t('op.members.find')}
        </button>
      </form>
      <div className="op-wd-tabs" role="group" aria-label={t('op.wd.members.lists')}>
        {(['recent', 'flagged'] as const).map((view) => (
          <button
            key={view}
            type="button"
            className="op-wd-tab"
            aria-pressed={shown === view}
            data-testid={`op-members-${view}`}
            onClick={() => show(view)}
          >
            {t(`op.wd.members.${view}`)}
          </button>
        ))}
      </div>
      <h2 className="op-wd-list-title" data-testid="op-members-heading">
        {t(`op.wd.members.heading_${shown}`)}
      </h2>
      <OpError message={error} />
      {results && results.length === 0 && (
        <p className="op-card op-wd-empty" data-testid="op-members-empty">
          {t(`op.wd.members.empty_${shown}`)}
        </p>
      )}
      {results && results.length > 0 && (
        <div className="op-wd-scroll">
          <table className="op-table" data-testid="op-member-results">
            <thead>
              <tr>
                <th scope="col">{t('op.col.id')}</th>
                <th scope="col">{t('op.col.name')}</th>
                <th scope="col">{t('op.col.email')}</th>
                <th scope="col">{t('op.col.brand')}</th>
                <th scope="col">{t('op.col.status')}</th>
                <th scope="col">{t('op.wd.members.flags')}</th>
                <th scope="col">{t('op.wd.members.signed_up')}</th>
              </tr>
            </thead>
            <tbody>
              {results.map((m) => (
                <tr key={m.id}>
                  <td>
                    <a href={`/member?id=${m.id}`}>{m.id}</a>
                  </td>
                  <td>
                    <a href={`/member?id=${m.id}`}>{m.name}</a>
                  </td>
                  <td>{m.email}</td>
                  <td>{m.brand}</td>
                  <td>{t(`op.state.${m.status}`)}</td>
                  <td>
                    {m.sanction && <span className="op-wd-flag warn">{t(`op.member.sanction.${m.sanction}`)}</span>}{' '}
                    {m.open_reports > 0 && (
                      <span className="op-wd-flag warn">{t('op.wd.members.open_reports', { n: m.open_reports })}</span>
                    )}
                  </td>
                  <td>{dates.date(m.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
