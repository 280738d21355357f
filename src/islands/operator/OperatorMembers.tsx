import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { $memberResults, searchMembers } from '../../../packages/runtime/stores/operator/members.ts';
import { $operatorBrands } from '../../../packages/runtime/stores/operator/session.ts';
import { UiProvider } from '../ui.tsx';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';

export const MEMBER_STATES = ['not_confirmed', 'active', 'pending_deletion', 'erased'] as const;

/** Member search across brands: e-mail, name or id, brand and state. */
export default function OperatorMembers({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Members lang={lang} />
    </UiProvider>
  );
}

function Members({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const results = useStore($memberResults);
  const brands = useStore($operatorBrands);
  const [error, setError] = useState<string | null>(null);

  function onSearch(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const query = Object.fromEntries(
      [...data].filter(([, v]) => String(v).trim() !== '').map(([k, v]) => [k, String(v)]),
    );
    setError(null);
    searchMembers(query).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }

  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
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
      <OpError message={error} />
      {results && results.length === 0 && <p>{t('op.members.none')}</p>}
      {results && results.length > 0 && (
        <table className="op-table" data-testid="op-member-results">
          <thead>
            <tr>
              <th>{t('op.col.id')}</th>
              <th>{t('op.col.name')}</th>
              <th>{t('op.col.email')}</th>
              <th>{t('op.col.brand')}</th>
              <th>{t('op.col.status')}</th>
              <th>{t('op.col.date')}</th>
            </tr>
          </thead>
          <tbody>
            {results.map((m) => (
              <tr key={m.id}>
                <td>
                  <a href={`/member?id=${m.id}`}>{m.id}</a>
                </td>
                <td>{m.name}</td>
                <td>{m.email}</td>
                <td>{m.brand}</td>
                <td>{t(`op.state.${m.status}`)}</td>
                <td>{date.format(new Date(m.created_at))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
