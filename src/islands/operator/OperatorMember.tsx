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
} from '../../../packages/runtime/stores/operator/members.ts';
import { $operator, operatorMay } from '../../../packages/runtime/stores/operator/session.ts';
import { UiProvider } from '../ui.tsx';
import { opErrorText } from './op-errors.ts';
import { DECISION_GROUNDS, type DecisionGround } from '../../../packages/runtime/data/reports.ts';
import { banMemberFromConsole, unbanMemberFromConsole } from '../../../packages/runtime/stores/operator/reports.ts';
import { OpError } from './OpError.tsx';
import { PaymentReversal } from './PaymentReversal.tsx';

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
  const detail = useStore($memberDetail);
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

  const time = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' });
  const when = (value: string | null) => (value ? time.format(new Date(value)) : '–');
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
      <section className="op-card">
        <h2>
          {member.name} · {member.email} · {member.brand}
        </h2>
        <p>
          {t(`op.state.${member.status}`)} · {t('op.member.balance', { credits: member.balance })} ·{' '}
          {member.debt > 0 && <>{t('op.payments.debt', { credits: member.debt })} · </>}
          {member.language} · {member.country} {member.city ?? ''} · {member.birth_date} · {t('op.col.date')}{' '}
          {when(member.created_at)}
        </p>
        {member.about && <p className="op-muted">{member.about}</p>}
        {member.tracking && <p className="op-muted">{member.tracking}</p>}
        <div className="op-filters">
          {operatorMay(operator, 'members.activation') && member.status === 'not_confirmed' && (
            <button
              className="op-button secondary"
              type="button"
              onClick={() => void run(() => resendMemberActivation(member.id))}
            >
              {t('op.member.resend')}
            </button>
          )}
        </div>
      </section>

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
        <h2>{t('op.member.photos')}</h2>
        {detail.photos.map((photo) =>
          photo.url ? (
            <img key={photo.id} src={photo.url} alt="" height={160} style={{ marginRight: 8 }} />
          ) : (
            <span key={photo.id}>
              #{photo.id} ({photo.status}){' '}
            </span>
          ),
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

      <section className="op-card">
        <h2>{t('op.member.ledger')}</h2>
        <table className="op-table">
          <tbody>
            {detail.ledger.map((row) => (
              <tr key={row.id}>
                <td>{when(row.at)}</td>
                <td>{row.amount}</td>
                <td>{row.reason}</td>
                <td>{row.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="op-card">
        <h2>{t('op.member.payments')}</h2>
        <table className="op-table">
          <tbody>
            {detail.payments.map((p) => (
              <tr key={p.id}>
                <td>{p.id}</td>
                <td>{when(p.at)}</td>
                <td>{money(p.amount_cents, p.currency)}</td>
                <td>{p.method}</td>
                <td>
                  {t(`op.pay.${p.status}`)}
                  <PaymentReversal payment={p} lang={lang} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="op-card" data-testid="op-member-sign-ins">
        <h2>{t('op.member.sign_ins')}</h2>
        <p className="op-muted">{t('op.member.sign_ins_note')}</p>
        {detail.sign_ins.length === 0 ? (
          <p>{t('op.member.sign_ins_empty')}</p>
        ) : (
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

      <section className="op-card">
        <h2>{t('op.member.notes')}</h2>
        <ul>
          {detail.notes.map((note) => (
            <li key={note.id}>
              {when(note.at)} · {note.operator_email}: {note.body}
            </li>
          ))}
        </ul>
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

      {operatorMay(operator, 'members.delete') &&
        member.status !== 'pending_deletion' &&
        member.status !== 'erased' && (
          <section className="op-card">
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
                unbanMemberFromConsole(member.id, String(data.get('reason') ?? '')).then(() => loadMember(member.id)),
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
    </div>
  );
}
