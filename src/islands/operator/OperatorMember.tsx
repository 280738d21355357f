import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  $memberDetail,
  addMemberNote,
  deleteMember,
  grantMemberCredits,
  loadMember,
  resendMemberActivation,
} from '@datekit/runtime/stores/operator/members';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $operator, operatorMay } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';
import { opErrorText } from './op-errors.ts';
import { DECISION_GROUNDS, type DecisionGround } from '@datekit/runtime/data/reports';
import { banMemberFromConsole, unbanMemberFromConsole } from '@datekit/runtime/stores/operator/reports';
import { OpError } from './OpError.tsx';
import { PaymentReversal } from './PaymentReversal.tsx';
import { consoleDates } from './console-dates.ts';

/** One member (`/member?id=`): what staff need to know, and the actions the role allows. */
export default function OperatorMember({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Member lang={lang} />
    </UiProvider>
  );
}

function Member({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const detail = loadedData(useStore($memberDetail));
  const operator = useStore($operator);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = typeof window === 'undefined' ? 0 : Number(new URLSearchParams(window.location.search).get('id'));

  useEffect(() => {
    if (id > 0) loadMember(id).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [id, t]);

  async function run(action: () => Promise<unknown>, form?: HTMLFormElement) {
    setError(null);
    setMessage(null);
    try {
      await action();
      form?.reset();
      setMessage(t('op.member.done'));
    } catch (failure) {
      setError(opErrorText(failure, t));
    }
  }

  function submit(handler: (data: FormData) => Promise<unknown>) {
    return (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      void run(() => handler(new FormData(form)), form);
    };
  }

  const dates = consoleDates(lang);
  const when = (value: string | null) => (value ? dates.dateTime(value) : '–');
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100);
  if (!detail) return <OpError message={error} />;
  const { member } = detail;
  /** Since, until (suspensions), by whom, on what ground, from which report. */
  const sanctionLine = (m: NonNullable<typeof detail.sanction>) =>
    [
      t('op.member.sanction_since', { date: when(m.since) }),
      m.until ? t('op.member.sanction_until', { date: when(m.until) }) : null,
      t('op.member.sanction_by', { who: m.operator_email ?? t('op.member.sanction_by_unknown') }),
      m.ground ? t(`op.reports.ground.${m.ground}`) : null,
      m.report_id ? t('op.member.sanction_report', { id: m.report_id }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <div data-testid="op-member">
      <p role="status">{message}</p>
      <OpError message={error} />
      <section className="op-card op-wd-summary" data-testid="op-member-summary">
        <h2>
          {member.name} <span className="op-muted">#{member.id}</span>
        </h2>
        <p className="op-wd-flags">
          <span className="op-wd-flag">{t(`op.state.${member.status}`)}</span>
          {detail.sanction && (
            <span className="op-wd-flag warn">{t(`op.member.sanction.${detail.sanction.kind}`)}</span>
          )}
          {member.paid_user && <span className="op-wd-flag">{t('op.wd.member.paying')}</span>}
          {member.invisible && <span className="op-wd-flag">{t('op.wd.member.invisible')}</span>}
        </p>
        <dl className="op-wd-facts">
          <div>
            <dt>{t('op.col.email')}</dt>
            <dd>{member.email}</dd>
          </div>
          <div>
            <dt>{t('op.col.brand')}</dt>
            <dd>{member.brand}</dd>
          </div>
          <div>
            <dt>{t('op.wd.member.credits')}</dt>
            <dd>
              {t('op.member.balance', { credits: member.balance })}
              {member.debt > 0 && <> · {t('op.payments.debt', { credits: member.debt })}</>}
            </dd>
          </div>
          <div>
            <dt>{t('op.wd.member.born')}</dt>
            <dd>{member.birth_date}</dd>
          </div>
          <div>
            <dt>{t('op.wd.member.place')}</dt>
            <dd>
              {member.country} {member.city ?? ''}
            </dd>
          </div>
          <div>
            <dt>{t('op.wd.member.language')}</dt>
            <dd>{member.language}</dd>
          </div>
          <div>
            <dt>{t('op.wd.members.signed_up')}</dt>
            <dd>{when(member.created_at)}</dd>
          </div>
          {member.tracking && (
            <div>
              <dt>{t('op.wd.member.tracking')}</dt>
              <dd>{member.tracking}</dd>
            </div>
          )}
        </dl>
        {member.about && <p className="op-muted">{member.about}</p>}
        {operatorMay(operator, 'members.activation') && member.status === 'not_confirmed' && (
          <div className="op-filters">
            <button
              className="op-button secondary"
              type="button"
              onClick={() => void run(() => resendMemberActivation(member.id))}
            >
              {t('op.member.resend')}
            </button>
          </div>
        )}
      </section>

      <div className="op-wd-member">
        <div className="op-wd-main">
          <section className="op-card">
            <h2>{t('op.member.photos')}</h2>
            {detail.photos.length === 0 ? (
              <p className="op-muted" data-testid="op-member-photos-empty">
                {t('op.wd.member.photos_empty')}
              </p>
            ) : (
              <ul className="op-wd-member-photos">
                {detail.photos.map((photo) => (
                  <li key={photo.id}>
                    {photo.url ? <img src={photo.url} alt={t('op.wd.photos.other_alt', { id: photo.id })} /> : null}
                    <span className="op-muted">
                      #{photo.id} · {t(`op.wd.member.photo_${photo.status === 'active' ? 'active' : 'waiting'}`)}
                      {photo.is_main ? ` · ${t('op.wd.member.photo_main')}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="op-card">
            <h2>{t('op.member.ledger')}</h2>
            {detail.ledger.length === 0 ? (
              <p className="op-muted" data-testid="op-member-ledger-empty">
                {t('op.wd.member.ledger_empty')}
              </p>
            ) : (
              <div className="op-wd-scroll">
                <table className="op-table" data-testid="op-member-ledger">
                  <thead>
                    <tr>
                      <th scope="col">{t('op.member.col.time')}</th>
                      <th scope="col" className="op-wd-num">
                        {t('op.wd.member.col.credits')}
                      </th>
                      <th scope="col">{t('op.wd.member.col.reason')}</th>
                      <th scope="col">{t('op.wd.member.col.note')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.ledger.map((row) => (
                      <tr key={row.id}>
                        <td>{when(row.at)}</td>
                        <td className={row.amount < 0 ? 'op-wd-num op-wd-minus' : 'op-wd-num'}>
                          {row.amount > 0 ? `+${row.amount}` : row.amount}
                        </td>
                        <td>{t(`op.wd.ledger.${row.reason}`, { defaultValue: row.reason })}</td>
                        <td>{row.note ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section className="op-card">
            <h2>{t('op.member.payments')}</h2>
            {detail.payments.length === 0 ? (
              <p className="op-muted" data-testid="op-member-payments-empty">
                {t('op.wd.member.payments_empty')}
              </p>
            ) : (
              <div className="op-wd-scroll">
                <table className="op-table" data-testid="op-member-payments">
                  <thead>
                    <tr>
                      <th scope="col">{t('op.col.id')}</th>
                      <th scope="col">{t('op.member.col.time')}</th>
                      <th scope="col" className="op-wd-num">
                        {t('op.wd.member.col.amount')}
                      </th>
                      <th scope="col">{t('op.payments.method')}</th>
                      <th scope="col">{t('op.col.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.payments.map((p) => (
                      <tr key={p.id}>
                        <td>{p.id}</td>
                        <td>{when(p.at)}</td>
                        <td className="op-wd-num">{money(p.amount_cents, p.currency)}</td>
                        <td>{p.method}</td>
                        <td>
                          {t(`op.pay.${p.status}`)}
                          <PaymentReversal payment={p} lang={lang} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section className="op-card" data-testid="op-member-sign-ins">
            <h2>{t('op.member.sign_ins')}</h2>
            <p className="op-muted">{t('op.member.sign_ins_note')}</p>
            {detail.sign_ins.length === 0 ? (
              <p>{t('op.member.sign_ins_empty')}</p>
            ) : (
              <div className="op-wd-scroll">
                <table className="op-table">
                  <thead>
                    <tr>
                      <th>{t('op.member.col.time')}</th>
                      <th>{t('op.member.col.method')}</th>
                      <th>{t('op.member.col.outcome')}</th>
                      <th>{t('op.member.col.network')}</th>
                      <th>{t('op.member.col.browser')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.sign_ins.map((s, index) => (
                      <tr key={`${s.at}-${index}`} className={s.outcome === 'ok' ? undefined : 'op-muted'}>
                        <td>{when(s.at)}</td>
                        <td>{t(`op.member.method.${s.method}`)}</td>
                        <td>{t(`op.member.outcome.${s.outcome}`)}</td>
                        <td>{s.ip ?? '–'}</td>
                        <td>{s.user_agent ?? '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <h3>{t('op.member.sessions')}</h3>
            {detail.sessions.length === 0 ? (
              <p>{t('op.member.sessions_none')}</p>
            ) : (
              <ul>
                {detail.sessions.map((s, index) => (
                  <li key={`${s.at}-${index}`}>
                    {t('op.member.session_row', { start: when(s.at), end: when(s.expires_at) })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="op-wd-side">
          <section className="op-card" data-testid="op-member-sanction">
            <h2>{t('op.member.status')}</h2>
            {detail.sanction ? (
              <p className="op-error" data-testid="op-member-sanction-current">
                <strong>{t(`op.member.sanction.${detail.sanction.kind}`)}</strong> · {sanctionLine(detail.sanction)}
              </p>
            ) : (
              <p>{t('op.member.sanction_none')}</p>
            )}
            {detail.sanction?.facts && <p className="op-muted">{detail.sanction.facts}</p>}
            {detail.sanctions.some((m) => m.ended_at !== null) && (
              <>
                <h3>{t('op.member.sanction_history')}</h3>
                <ul data-testid="op-member-sanction-history">
                  {detail.sanctions
                    .filter((m) => m.ended_at !== null)
                    .map((m) => (
                      <li key={m.id}>
                        {t(`op.member.sanction.${m.kind}`)} · {sanctionLine(m)} ·{' '}
                        {t(`op.member.sanction_ended.${m.ended_how ?? 'lifted'}`, {
                          date: when(m.ended_at),
                          who: m.ended_by_email ?? t('op.member.sanction_by_unknown'),
                        })}
                        {m.end_reason ? ` (${m.end_reason})` : ''}
                      </li>
                    ))}
                </ul>
              </>
            )}
          </section>

          <section className="op-card">
            <h2>{t('op.member.notes')}</h2>
            {detail.notes.length === 0 ? (
              <p className="op-muted" data-testid="op-member-notes-empty">
                {t('op.wd.member.notes_empty')}
              </p>
            ) : (
              <ul className="op-wd-notes">
                {detail.notes.map((note) => (
                  <li key={note.id}>
                    <span className="op-muted">
                      {when(note.at)} · {note.operator_email}
                    </span>
                    <br />
                    {note.body}
                  </li>
                ))}
              </ul>
            )}
            {operatorMay(operator, 'members.notes') && (
              <form
                className="op-filters"
                onSubmit={submit((data) => addMemberNote(member.id, String(data.get('body') ?? '')))}
              >
                <textarea name="body" required rows={2} cols={50} aria-label={t('op.member.add_note')} />
                <button className="op-button secondary" type="submit">
                  {t('op.member.add_note')}
                </button>
              </form>
            )}
          </section>

          {operatorMay(operator, 'members.credits') && (
            <section className="op-card">
              <h2>{t('op.member.credits')}</h2>
              <form
                className="op-filters"
                onSubmit={submit((data) =>
                  grantMemberCredits(member.id, Number(data.get('amount')), String(data.get('reason') ?? '')),
                )}
              >
                <label>
                  {t('op.member.amount')}
                  <input name="amount" type="number" step={1} required />
                </label>
                <label>
                  {t('op.member.reason')}
                  <input name="reason" required minLength={3} />
                </label>
                <button className="op-button" type="submit">
                  {t('op.member.grant')}
                </button>
              </form>
            </section>
          )}

          {operatorMay(operator, 'members.ban') && (
            <section className="op-card" data-testid="op-member-ban">
              <h2>{t('op.reports.ban_title')}</h2>
              {detail.sanction?.kind !== 'ban' && (
                <form
                  className="op-filters"
                  onSubmit={submit((data) =>
                    banMemberFromConsole(
                      member.id,
                      String(data.get('ground')) as DecisionGround,
                      String(data.get('facts') ?? ''),
                    ).then(() => loadMember(member.id)),
                  )}
                >
                  <label>
                    {t('op.reports.ground')}
                    <select name="ground" defaultValue="terms_general">
                      {DECISION_GROUNDS.map((code) => (
                        <option key={code} value={code}>
                          {t(`op.reports.ground.${code}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    {t('op.reports.facts')}
                    <input name="facts" required />
                  </label>
                  <button className="op-button danger" type="submit" data-testid="op-member-ban-submit">
                    {t('op.reports.ban')}
                  </button>
                </form>
              )}
              {detail.sanction && (
                <form
                  className="op-filters"
                  onSubmit={submit((data) =>
                    unbanMemberFromConsole(member.id, String(data.get('reason') ?? '')).then(() =>
                      loadMember(member.id),
                    ),
                  )}
                >
                  <label>
                    {t('op.member.reason')}
                    <input name="reason" required minLength={3} />
                  </label>
                  <button className="op-button" type="submit" data-testid="op-member-unban">
                    {t('op.reports.unban')}
                  </button>
                </form>
              )}
            </section>
          )}

          {operatorMay(operator, 'members.delete') &&
            member.status !== 'pending_deletion' &&
            member.status !== 'erased' && (
              <section className="op-card">
                <h2>{t('op.member.delete')}</h2>
                <form
                  className="op-filters"
                  onSubmit={submit((data) =>
                    window.confirm(t('op.member.delete_confirm'))
                      ? deleteMember(member.id, String(data.get('reason') ?? ''))
                      : Promise.resolve(),
                  )}
                >
                  <label>
                    {t('op.member.reason')}
                    <input name="reason" required minLength={3} />
                  </label>
                  <button className="op-button danger" type="submit">
                    {t('op.member.delete')}
                  </button>
                </form>
              </section>
            )}
        </div>
      </div>
    </div>
  );
}
