import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANDER_VARIANTS } from '@datekit/runtime/data/landers';
import { NICHE_SLUGS } from '@datekit/runtime/data/niches';
import {
  EXPERIMENT_ALPHA,
  EXPERIMENT_MIN_CONVERSIONS,
  EXPERIMENT_MIN_VISITS,
} from '@datekit/runtime/rules/experiment-test';
import type { ExperimentJson } from '@datekit/runtime/schemas/api/operator/campaigns';
import { loadedData } from '@datekit/runtime/stores/loadable';
import {
  $experiments,
  endExperiment,
  loadExperiments,
  promoteArm,
  startExperiment,
} from '@datekit/runtime/stores/operator/campaigns';
import { $operator, operatorMay } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';
import { useBrandPage } from './brand-page.tsx';
import { consoleDates } from './console-dates.ts';

/** A brand's lander experiments: each arm's funnel, rate interval and test; start, end, promote. */
export default function OperatorExperiments({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Experiments lang={lang} />
    </UiProvider>
  );
}

function Experiments({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const experiments = loadedData(useStore($experiments));
  const operator = useStore($operator);
  const [arms, setArms] = useState(2);
  const { current, run, head } = useBrandPage(loadExperiments);
  const manage = operatorMay(operator, 'experiments.manage');

  function onStart(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    void run(async () => {
      await startExperiment({
        brand: current,
        path: String(data.get('path') ?? '').trim(),
        ...(name ? { name } : {}),
        arms: Array.from({ length: arms }, (_, i) => ({
          variant: String(data.get(`variant-${i}`)),
          niche: String(data.get(`niche-${i}`) ?? '') || null,
          weight: Number(data.get(`weight-${i}`)),
        })),
      });
      form.reset();
      setArms(2);
    });
  }

  return (
    <>
      <p className="op-muted">
        {t('op.exp.intro', {
          alpha: EXPERIMENT_ALPHA,
          visits: EXPERIMENT_MIN_VISITS,
          conversions: EXPERIMENT_MIN_CONVERSIONS,
        })}
      </p>
      {head}
      {manage && (
        <form className="op-card" onSubmit={onStart} data-testid="op-experiment-new">
          <h2>{t('op.exp.new')}</h2>
          <div className="op-filters">
            <label>
              {t('op.exp.path')}
              <input name="path" required placeholder="/go/summer" maxLength={100} />
            </label>
            <label>
              {t('op.exp.name')}
              <input name="name" maxLength={100} />
            </label>
          </div>
          {Array.from({ length: arms }, (_, i) => (
            <div className="op-filters" key={i}>
              <strong>{t('op.exp.arm', { arm: String.fromCharCode(97 + i) })}</strong>
              <label>
                {t('op.exp.variant')}
                <select name={`variant-${i}`} defaultValue={LANDER_VARIANTS[i % LANDER_VARIANTS.length]}>
                  {LANDER_VARIANTS.map((v) => (
                    <option key={v}>{v}</option>
                  ))}
                </select>
              </label>
              <label>
                {t('op.exp.niche')}
                <select name={`niche-${i}`} defaultValue="">
                  <option value="">{t('op.exp.no_niche')}</option>
                  {NICHE_SLUGS.map((n) => (
                    <option key={n}>{n}</option>
                  ))}
                </select>
              </label>
              <label>
                {t('op.exp.weight')}
                <input name={`weight-${i}`} type="number" min={0} max={100} step={1} defaultValue={50} required />
              </label>
            </div>
          ))}
          <p className="op-filters">
            {arms < 6 && (
              <button type="button" className="op-button secondary" onClick={() => setArms(arms + 1)}>
                {t('op.exp.add_arm')}
              </button>
            )}
            <button className="op-button" type="submit">
              {t('op.exp.start')}
            </button>
          </p>
        </form>
      )}
      {experiments?.length === 0 && <p>{t('op.exp.none')}</p>}
      {experiments?.map((experiment) => (
        <ExperimentCard
          key={experiment.id}
          experiment={experiment}
          lang={lang}
          manage={manage}
          onEnd={() => {
            if (window.confirm(t('op.exp.confirm_end'))) void run(() => endExperiment(current, experiment.id));
          }}
          onPromote={(arm) => {
            if (window.confirm(t('op.exp.confirm_promote', { arm })))
              void run(() => promoteArm(current, experiment.id, arm));
          }}
        />
      ))}
    </>
  );
}

function ExperimentCard({
  experiment,
  lang,
  manage,
  onEnd,
  onPromote,
}: {
  experiment: ExperimentJson;
  lang: string;
  manage: boolean;
  onEnd: () => void;
  onPromote: (arm: string) => void;
}) {
  const { t } = useTranslation();
  const dates = consoleDates(lang);
  const number = new Intl.NumberFormat(lang);
  const percent = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const rate = (value: number | null) => (value === null ? '–' : percent.format(value));
  const running = experiment.status === 'running';
  const money = (cents: Record<string, number>) =>
    Object.entries(cents)
      .map(
        ([currency, value]) =>
          `${new Intl.NumberFormat(lang, { minimumFractionDigits: 2 }).format(value / 100)} ${currency}`,
      )
      .join(' + ') || '0';
  return (
    <section className="op-card" data-testid={`op-experiment-${experiment.id}`}>
      <h2>
        {experiment.name} <code>{experiment.path}</code>
      </h2>
      <p className="op-muted">
        {running
          ? t('op.exp.running')
          : experiment.winner_arm
            ? t('op.exp.ended_winner', { arm: experiment.winner_arm })
            : t('op.exp.ended')}{' '}
        · {dates.dateTime(experiment.created_at)}
      </p>
      <table className="op-table">
        <thead>
          <tr>
            <th>{t('op.exp.col.arm')}</th>
            <th>{t('op.exp.variant')}</th>
            <th>{t('op.exp.weight')}</th>
            <th>{t('op.camp.col.visits')}</th>
            <th>{t('op.camp.col.soi')}</th>
            <th>{t('op.exp.col.rate')}</th>
            <th>{t('op.camp.col.doi')}</th>
            <th>{t('op.dash.col.first_purchases')}</th>
            <th>{t('op.dash.col.revenue_cents')}</th>
            <th>{t('op.exp.col.p')}</th>
            {manage && running && <th />}
          </tr>
        </thead>
        <tbody>
          {experiment.arms.map((arm) => (
            <tr key={arm.arm} data-testid={`op-arm-${arm.arm}`}>
              <td>{arm.arm}</td>
              <td>{`${arm.variant}${arm.niche ? ` / ${arm.niche}` : ''}`}</td>
              <td>{arm.weight}</td>
              <td data-testid="op-arm-visits">{number.format(arm.visits)}</td>
              <td data-testid="op-arm-soi">{number.format(arm.soi)}</td>
              <td>
                {rate(arm.soi_rate)}
                {arm.soi_rate_low !== null && ` (${rate(arm.soi_rate_low)} – ${rate(arm.soi_rate_high)})`}
              </td>
              <td>{number.format(arm.doi)}</td>
              <td>{number.format(arm.first_purchases)}</td>
              <td>{money(arm.revenue_cents)}</td>
              <td>
                {arm.p_value === null ? '–' : arm.p_value.toPrecision(2)}
                {arm.significant && ` · ${t('op.exp.significant')}`}
              </td>
              {manage && running && (
                <td>
                  <button type="button" className="op-button secondary" onClick={() => onPromote(arm.arm)}>
                    {t('op.exp.promote')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {experiment.leader
          ? t('op.exp.winner', { arm: experiment.leader, threshold: experiment.threshold.toPrecision(2) })
          : t('op.exp.no_winner')}
      </p>
      {manage && running && (
        <button type="button" className="op-button secondary" onClick={onEnd}>
          {t('op.exp.end')}
        </button>
      )}
    </section>
  );
}
