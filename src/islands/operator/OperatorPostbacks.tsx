import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POSTBACK_EVENT_NAMES, type PostbackDeliveryJson } from '@datekit/runtime/schemas/api/operator/postbacks';
import {
  $postbacks,
  addPostback,
  blockSource,
  decideHeld,
  loadPostbacks,
  removePostback,
  unblockSource,
} from '@datekit/runtime/stores/operator/postbacks';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $operator, operatorMay } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';
import { useBrandPage } from './brand-page.tsx';
import { consoleDates } from './console-dates.ts';

/**
 * A brand's conversion postbacks: the configs per network (add, remove), the SOI postbacks held for
 * their traffic-quality score (release, reject), blocked sources, and the newest deliveries with every
 * attempt. Changes need postbacks.manage; the server checks and audits each.
 */
export default function OperatorPostbacks({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Postbacks lang={lang} />
    </UiProvider>
  );
}

function Postbacks({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const data = loadedData(useStore($postbacks));
  const operator = useStore($operator);
  const { current, run, head } = useBrandPage(loadPostbacks);
  const manage = operatorMay(operator, 'postbacks.manage');
  const dates = consoleDates(lang);

  function onAdd(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const events = POSTBACK_EVENT_NAMES.filter((e) => data.get(`event-${e}`) === 'on');
    void run(async () => {
      await addPostback({
        brand: current,
        network: String(data.get('network') ?? ''),
        events,
        url: String(data.get('url') ?? ''),
        hold: data.get('hold') === 'on',
      });
      form.reset();
    });
  }

  function onBlock(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const sub1 = String(data.get('sub1') ?? '').trim();
    void run(async () => {
      await blockSource({ brand: current, network: String(data.get('network') ?? ''), ...(sub1 ? { sub1 } : {}) });
      form.reset();
    });
  }

  const reasons = (d: PostbackDeliveryJson) => d.reasons.map((r) => t(`op.pb.reason.${r}`)).join(', ') || '–';

  return (
    <>
      {head}

      <h2>{t('op.pb.configs')}</h2>
      {manage && (
        <form className="op-card op-filters" onSubmit={onAdd} data-testid="op-postback-add">
          <label>
            {t('op.pb.network')}
            <input name="network" required maxLength={100} />
          </label>
          <fieldset>
            <legend>{t('op.pb.events')}</legend>
            {POSTBACK_EVENT_NAMES.map((e) => (
              <label key={e}>
                <input type="checkbox" name={`event-${e}`} defaultChecked={e !== 'reversal'} /> {e}
              </label>
            ))}
          </fieldset>
          <label>
            {t('op.pb.url')}
            <input name="url" type="text" required maxLength={2000} size={60} placeholder="https://" />
          </label>
          <label>
            <input type="checkbox" name="hold" defaultChecked /> {t('op.pb.hold_on')}
          </label>
          <button className="op-button" type="submit">
            {t('op.pb.add')}
          </button>
        </form>
      )}
      {data && data.configs.length === 0 && <p>{t('op.pb.none')}</p>}
      {data && data.configs.length > 0 && (
        <table className="op-table" data-testid="op-postback-configs">
          <thead>
            <tr>
              <th>{t('op.pb.network')}</th>
              <th>{t('op.pb.events')}</th>
              <th>{t('op.pb.url')}</th>
              <th>{t('op.pb.hold')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.configs.map((c) => (
              <tr key={c.id}>
                <td>{c.network}</td>
                <td>{c.events.join(', ')}</td>
                <td>
                  <code>{c.url}</code>
                </td>
                <td>{c.hold ? t('op.pb.hold_on') : t('op.pb.hold_off')}</td>
                <td>
                  {manage && (
                    <button
                      className="op-button secondary"
                      type="button"
                      onClick={() => void run(() => removePostback(c.id))}
                    >
                      {t('op.pb.remove')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t('op.pb.held')}</h2>
      {data && <p>{t('op.pb.held_intro', { score: data.hold_score })}</p>}
      {data && data.held.length === 0 && <p>{t('op.pb.no_held')}</p>}
      {data && data.held.length > 0 && (
        <table className="op-table" data-testid="op-postback-held">
          <thead>
            <tr>
              <th>{t('op.pb.created')}</th>
              <th>{t('op.pb.network')}</th>
              <th>{t('op.pb.member')}</th>
              <th>{t('op.pb.score')}</th>
              <th>{t('op.pb.reasons')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.held.map((d) => (
              <tr key={d.id}>
                <td>{dates.dateTime(d.created_at)}</td>
                <td>{d.network}</td>
                <td>
                  <a href={`member?id=${d.member_id}`}>{d.member_id}</a>
                </td>
                <td>{d.score ?? '–'}</td>
                <td>{reasons(d)}</td>
                <td>
                  {manage && (
                    <>
                      <button
                        className="op-button"
                        type="button"
                        onClick={() => void run(() => decideHeld(d.id, 'release'))}
                      >
                        {t('op.pb.release')}
                      </button>{' '}
                      <button
                        className="op-button secondary"
                        type="button"
                        onClick={() => void run(() => decideHeld(d.id, 'reject'))}
                      >
                        {t('op.pb.reject')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t('op.pb.blocks')}</h2>
      {manage && (
        <form className="op-card op-filters" onSubmit={onBlock}>
          <label>
            {t('op.pb.network')}
            <input name="network" required maxLength={100} />
          </label>
          <label>
            {t('op.pb.sub1')}
            <input name="sub1" maxLength={100} />
          </label>
          <button className="op-button" type="submit">
            {t('op.pb.block')}
          </button>
        </form>
      )}
      {data && data.blocks.length > 0 && (
        <table className="op-table" data-testid="op-traffic-blocks">
          <tbody>
            {data.blocks.map((b) => (
              <tr key={b.id}>
                <td>{b.network}</td>
                <td>{b.sub1 ?? t('op.pb.all_sub1')}</td>
                <td>{dates.dateTime(b.created_at)}</td>
                <td>
                  {manage && (
                    <button
                      className="op-button secondary"
                      type="button"
                      onClick={() => void run(() => unblockSource(b.id))}
                    >
                      {t('op.pb.unblock')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>{t('op.pb.deliveries')}</h2>
      {data && (
        <table className="op-table" data-testid="op-postback-deliveries">
          <thead>
            <tr>
              <th>{t('op.pb.created')}</th>
              <th>{t('op.pb.network')}</th>
              <th>{t('op.pb.event')}</th>
              <th>{t('op.col.status')}</th>
              <th>{t('op.pb.attempts')}</th>
            </tr>
          </thead>
          <tbody>
            {data.deliveries.map((d) => (
              <tr key={d.id}>
                <td>{dates.dateTime(d.created_at)}</td>
                <td>{d.network}</td>
                <td>{d.event}</td>
                <td>{t(`op.pb.status.${d.status}`)}</td>
                <td>
                  {d.attempts.map((a, i) => (
                    <div key={i}>
                      {dates.dateTime(a.at)} · {a.status_code ?? '–'} · {a.duration_ms} ms
                      {a.error ? ` · ${a.error}` : ''}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
