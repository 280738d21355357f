import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '@datekit/runtime/routes';
import { MATCH_EVENT, type MatchEventDetail } from '@datekit/runtime/rules/match-modal';
import {
  $memberAction,
  blockMember,
  toggleLike,
  unblockMember,
  type MemberAnswer,
} from '@datekit/runtime/stores/member';
import { errorText } from './errors.ts';
import { FormError } from './Field.tsx';
import { HeartIcon, MessagesIcon } from './icons.tsx';
import { ReportButton } from './ReportButton.tsx';

/**
 * Like (a toggle), chat, block (after a confirmation) and report. Once blocked, the member can only
 * be unblocked: blocking ends every contact (spec §6), and the server refuses likes meanwhile.
 */
export default function MemberProfileActions({ member }: { member: MemberAnswer }) {
  const { t } = useTranslation();
  const { busy, error, notice } = useStore($memberAction);
  const id = member.profile.id;
  const name = member.profile.name;
  const dialog = useRef<HTMLDialogElement>(null);
  const blockedHeading = useRef<HTMLHeadingElement>(null);
  const likeButton = useRef<HTMLButtonElement>(null);

  // Blocking and unblocking replace the buttons the member pressed; focus goes where they now are.
  useEffect(() => {
    if (notice === 'blocked') blockedHeading.current?.focus();
    if (notice === 'unblocked') likeButton.current?.focus();
  }, [notice]);

  async function like() {
    const result = await toggleLike();
    if (result?.match)
      window.dispatchEvent(new CustomEvent<MatchEventDetail>(MATCH_EVENT, { detail: { profileId: id } }));
  }

  async function confirmBlock() {
    dialog.current?.close();
    await blockMember();
  }

  const failure = error ? <FormError message={errorText(error, t)} /> : null;

  if (member.blocked) {
    return (
      <section className="member-blocked" aria-labelledby="member-blocked-title" data-testid="member-blocked">
        <h2 id="member-blocked-title" ref={blockedHeading} tabIndex={-1}>
          {t('member.blocked_title', { name })}
        </h2>
        <p>{t('member.blocked_text', { name })}</p>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => void unblockMember()}
          disabled={busy === 'block'}
          data-testid="member-unblock"
        >
          {t('member.unblock')}
        </button>
        {failure}
      </section>
    );
  }

  return (
    <div className="member-actions-area">
      <div className="member-actions" role="group" aria-label={t('member.actions', { name })}>
        <button
          ref={likeButton}
          type="button"
          className={member.liked ? 'btn member-like is-liked' : 'btn btn-primary member-like'}
          onClick={() => void like()}
          disabled={busy === 'like'}
          data-testid="member-like"
          data-primary-action
        >
          <HeartIcon />
          {member.liked ? t('member.liked') : t('member.like')}
        </button>
        <a
          className="btn btn-ghost"
          href={pathFor('members-id-chat', { id })}
          data-testid="member-chat"
          data-primary-action
        >
          <MessagesIcon />
          {t('member.chat')}
        </a>
      </div>
      <p className="member-notice" role="status" data-testid="member-notice">
        {notice && notice !== 'blocked' ? t(`member.notice_${notice}`, { name }) : ''}
      </p>
      {failure}
      <p className="member-more">
        <button
          type="button"
          className="member-text-button"
          onClick={() => dialog.current?.showModal()}
          disabled={busy !== null}
          data-testid="member-block"
        >
          {t('member.block')}
        </button>
        <ReportButton target={{ memberId: id, name, context: 'profile' }} label={t('member.report')} />
      </p>
      <dialog
        ref={dialog}
        className="member-dialog"
        aria-labelledby="member-block-title"
        aria-describedby="member-block-text"
        data-testid="member-block-dialog"
      >
        {/* method=dialog: Cancel closes without a script; Escape closes it as well. */}
        <form method="dialog">
          <h2 id="member-block-title">{t('member.block_title', { name })}</h2>
          <p id="member-block-text">{t('member.block_text', { name })}</p>
          <div className="member-dialog-actions">
            <button type="submit" className="btn btn-ghost">
              {t('member.cancel')}
            </button>
            <button
              type="button"
              className="btn member-danger"
              onClick={() => void confirmBlock()}
              data-testid="member-block-confirm"
            >
              {t('member.block_confirm')}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
