import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $codes, createCode, disableCode, loadCodes } from '@datekit/runtime/stores/operator/payments';
import { $operator, operatorMay } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';
import { useBrandPage } from './brand-page.tsx';
import { consoleDates } from './console-dates.ts';

const VALIDITIES = ['once-per-user', 'once', 'unlimited'] as const;

/** The select offers only VALIDITIES; the first one, as the select shows it, for anything else. */
const validityOf = (value: FormDataEntryValue | null) => VALIDITIES.find((v) => v === value) ?? VALIDITIES[0];

/** A brand's discount codes with their use; create and disable for roles that may. */
export default function OperatorCodes({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Codes lang={lang} />
    </UiProvider>
  );
}

function Codes({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const codes = loadedData(useStore($codes));
  const operator = useStore($operator);
  const { current, run, head } = useBrandPage(loadCodes);

  function onCreate(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const expires = String(data.get('expires') ?? '');
    void run(async () => {
      await createCode({
        brand: current,
        code: String(data.get('code') ?? ''),
        percent: Number(data.get('percent')),
        validity: validityOf(data.get('validity')),
        ...(expires ? { expires } : {}),
      });
      form.reset();
    });
  }

  const dates = consoleDates(lang);
  return (
    <>
      {head}
      {operatorMay(operator, 'discounts.manage') && (
        <form className="op-card op-filters" onSubmit={onCreate}>
          <label>
            {t('op.codes.code')}
            <input name="code" required minLength={3} maxLength={40} />
          </label>
          <label>
            {t('op.codes.percent')}
            <input name="percent" type="number" min={1} max={90} required />
          </label>
          <label>
            {t('op.codes.validity')}
            <select name="validity">
              {VALIDITIES.map((v) => (
                <option key={v} value={v}>
                  {t(`op.validity.${v}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('op.codes.expires')}
            <input name="expires" type="date" />
          </label>
          <button className="op-button" type="submit">
            {t('op.codes.create')}
          </button>
        </form>
      )}
      {codes && (
        <table className="op-table" data-testid="op-codes">
          <thead>
            <tr>
              <th>{t('op.codes.code')}</th>
              <th>{t('op.codes.percent')}</th>
              <th>{t('op.codes.validity')}</th>
              <th>{t('op.codes.expires')}</th>
              <th>{t('op.codes.uses')}</th>
              <th>{t('op.col.status')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {codes.map((c) => (
              <tr key={c.id}>
                <td>{c.code}</td>
                <td>{c.percent} %</td>
                <td>{t(`op.validity.${c.validity}`)}</td>
                <td>{c.expires_at ? dates.date(c.expires_at) : '–'}</td>
                <td>{c.uses}</td>
                <td>{t(`op.codes.${c.status}`)}</td>
                <td>
                  {c.status === 'active' && operatorMay(operator, 'discounts.manage') && (
                    <button
                      className="op-button secondary"
                      type="button"
                      onClick={() => void run(() => disableCode(current, c.code))}
                    >
                      {t('op.codes.disable')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
