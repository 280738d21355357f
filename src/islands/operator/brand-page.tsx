import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $operatorBrands } from '@datekit/runtime/stores/operator/session';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';

/**
 * A console page about one brand at a time (codes, postbacks, experiments): the brand chosen (the
 * operator's first until they choose), `load` run for it whenever it changes, and `run` for an action
 * whose failure the page shows above its content.
 */
export function useBrandPage(load: (brand: string) => Promise<void>) {
  const { t } = useTranslation();
  const brands = useStore($operatorBrands);
  const [brand, setBrand] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = brand || brands[0] || '';

  useEffect(() => {
    if (current) load(current).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [current, load, t]);

  async function run(action: () => Promise<unknown>): Promise<void> {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(opErrorText(failure, t));
    }
  }

  /** The brand select and the last failure, at the top of the page. */
  const head = (
    <>
      <label className="op-filters">
        {t('op.col.brand')}
        <select value={current} onChange={(e) => setBrand(e.target.value)}>
          {brands.map((b) => (
            <option key={b}>{b}</option>
          ))}
        </select>
      </label>
      <OpError message={error} />
    </>
  );

  return { current, run, head };
}
