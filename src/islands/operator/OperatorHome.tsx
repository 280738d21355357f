import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorSummaryBrand } from '@datekit/runtime/schemas/api/operator/summary';
import { $operator } from '@datekit/runtime/stores/operator/session';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $workdaySummary, loadWorkdaySummary } from '@datekit/runtime/stores/operator/summary';
import { UiProvider } from '../ui.tsx';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';

/** The start page: who is signed in, and what waits per brand, each count a link to its queue. */
export default function OperatorHome({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Home />
    </UiProvider>
  );
}

type Queue = 'photos' | 'reports' | 'failed_payments' | 'pending_payments' | 'refunds_to_retry';

/** The queues of the start page, in the order a working day takes them, and where each is handled. */
const QUEUES: { key: Queue; href: (brand: string) => string }[] = [
  { key: 'photos', href: (brand) => `/photos?brand=${brand}` },
  { key: 'reports', href: (brand) => `/reports?brand=${brand}` },
  { key: 'failed_payments', href: (brand) => `/payments?brand=${brand}&status=failed` },
  { key: 'pending_payments', href: (brand) => `/payments?brand=${brand}&status=pending` },
  { key: 'refunds_to_retry', href: (brand) => `/payments?brand=${brand}&status=paid` },
];

const waiting = (brand: OperatorSummaryBrand) => QUEUES.reduce((sum, queue) => sum + (brand[queue.key] ?? 0), 0);

function Home() {
  const { t } = useTranslation();
  const operator = useStore($operator);
  const summary = loadedData(useStore($workdaySummary));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!operator) return; // the navigation loads the operator; signed out, it leaves for /login
    loadWorkdaySummary().catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [operator, t]);

  if (!operator) return null;
  const queues = QUEUES.filter((queue) => summary?.some((brand) => brand[queue.key] !== null));
  // Brands with the most waiting first; a quiet brand still shows, so none is forgotten.
  const brands = [...(summary ?? [])].sort((a, b) => waiting(b) - waiting(a) || a.brand.localeCompare(b.brand));
  const total = brands.reduce((sum, brand) => sum + waiting(brand), 0);
  return (
    <>
      <p data-testid="op-home" className="op-muted">
        {t('op.home.welcome', { email: operator.email, role: t(`op.role.${operator.role}`) })}
      </p>
      <OpError message={error} />
      {summary && queues.length === 0 && <p className="op-card">{t('op.wd.home.no_queues')}</p>}
      {summary && queues.length > 0 && (
        <section aria-labelledby="op-waiting-title" data-testid="op-waiting">
          <h2 id="op-waiting-title">{t('op.wd.home.title')}</h2>
          <p className="op-muted" data-testid="op-waiting-total">
            {total === 0 ? t('op.wd.home.all_clear') : t('op.wd.home.total', { n: total })}
          </p>
          <div className="op-wd-brands">
            {brands.map((brand) => (
              <section
                key={brand.brand}
                className="op-card op-wd-brand"
                data-testid={`op-waiting-${brand.brand}`}
                aria-labelledby={`op-waiting-${brand.brand}`}
              >
                <h3 id={`op-waiting-${brand.brand}`}>
                  {brand.name} <span className="op-muted">{brand.brand}</span>
                </h3>
                <ul className="op-wd-queues">
                  {queues.map(({ key, href }) => {
                    const count = brand[key] ?? 0;
                    return (
                      <li key={key} className={count === 0 ? 'op-muted' : undefined}>
                        <a href={href(brand.brand)} data-testid={`op-queue-${key}`} data-count={count}>
                          <span>{t(`op.wd.queue.${key}`)}</span> <span className="op-wd-count">{count}</span>
                        </a>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))}
          </div>
        </section>
      )}
    </>
  );
}
