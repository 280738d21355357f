import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetDay } from '@datekit/runtime/rules/likes';
import { $matchModal } from '@datekit/runtime/stores/match-modal';
import {
  $swipe,
  likeCandidate,
  loadSwipe,
  passCandidate,
  startOver,
  type SwipeState,
} from '@datekit/runtime/stores/swipe';
import { LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import { useFormatDate } from './hooks.ts';
import { HeartIcon } from './icons.tsx';
import { announceMatch } from './LikesLikeButton.tsx';
import type { FictionalMarking } from './FictionalMark.tsx';
import { MemberPending, useMember } from './member.tsx';
import { SwipeGameCard } from './SwipeGameCard.tsx';
import { UiProvider } from './ui.tsx';
import './SwipeGame.css';

interface Props {
  lang: string;
  fictionalIcon: string;
  fictionalLabel: string | undefined;
  /** Likes a day (spec §6), for the limit sentence when the server gave none. */
  likesPerDay: number;
}

/** Cards drawn at once: the top one and two peeking out behind it. */
const VISIBLE_CARDS = 3;

/**
 * The daily swipe game (spec §6: 4 likes a day): a stack of members from GET /api/swipe.php; like
 * (the server counts) or pass (this screen only); the likes left and when they come back, in the
 * member's local time; at 0 the server's message. A match opens the match modal. Keys: ← pass, → like.
 */
export default function SwipeGame(props: Props) {
  return (
    <UiProvider lang={props.lang}>
      <SwipeGameContent {...props} />
    </UiProvider>
  );
}

/** "New likes tomorrow from 00:00", in the member's language, region and time zone. */
function useResetText(resetsAt: string | null): string | null {
  const { t } = useTranslation();
  const format = useFormatDate();
  if (!resetsAt) return null;
  const date = new Date(resetsAt);
  const day = resetDay(date, new Date());
  if (day === 'later') return t('swipe.resets_later', { date: format(date, 'weekdayTime') });
  return t(day === 'today' ? 'swipe.resets_today' : 'swipe.resets_tomorrow', { time: format(date, 'time') });
}

function SwipeGameContent({ fictionalIcon, fictionalLabel, likesPerDay }: Props) {
  const { t } = useTranslation();
  const member = useMember();
  const state = useStore($swipe, { ssr: 'initial' });
  const [said, setSaid] = useState('');
  const fictional: FictionalMarking = { icon: fictionalIcon, label: fictionalLabel };
  const resetText = useResetText(state.resetsAt);
  const top = state.candidates[0];
  const canLike = Boolean(top) && state.likesLeft > 0 && !state.pending;

  const like = useCallback(async () => {
    const liked = await likeCandidate();
    if (!liked) return;
    setSaid(t('swipe.liked_status', { name: liked.profile.name }));
    if (liked.match) announceMatch(liked.profile.id);
  }, [t]);

  const pass = useCallback(() => {
    const current = $swipe.get().candidates[0];
    if (!current || $swipe.get().pending) return;
    passCandidate();
    setSaid(t('swipe.passed_status', { name: current.name }));
  }, [t]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if ((event.target as Element | null)?.closest?.('input, textarea, select, [contenteditable="true"]')) return;
      // The match modal covers the game: its keys are its own.
      if ($matchModal.get().status === 'open') return;
      const current = $swipe.get();
      if (event.key === 'ArrowLeft' && current.likesLeft > 0) {
        event.preventDefault();
        pass();
      } else if (event.key === 'ArrowRight' && current.likesLeft > 0) {
        event.preventDefault();
        void like();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [like, pass]);

  if (!member) return <MemberPending member={member} />;
  if (state.status === 'loading') {
    return (
      <p className="member-pending" aria-busy="true">
        {t('swipe.loading')}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="form-notice" role="alert" data-testid="swipe-failed">
        <p>{errorText(state.error, t)}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void loadSwipe().catch(() => undefined)}>
          {t('swipe.retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="swipe" data-testid="swipe-game">
      <p className="swipe-status" data-testid="swipe-likes-left">
        <HeartIcon />
        <span>
          <strong>{t('swipe.likes_left', { count: state.likesLeft })}</strong>
          {/* At the limit, the panel below says when likes return. */}
          {resetText && state.likesLeft > 0 && <span className="swipe-reset"> · {resetText}</span>}
        </span>
      </p>

      {state.likesLeft <= 0 ? (
        <LimitReached state={state} likesPerDay={likesPerDay} resetText={resetText} />
      ) : top ? (
        <>
          <div className="swipe-stack" role="group" aria-label={t('swipe.stack_label')}>
            {state.candidates
              .slice(0, VISIBLE_CARDS)
              .map((profile, depth) => (
                <SwipeGameCard
                  key={profile.id}
                  profile={profile}
                  fictional={fictional}
                  depth={depth}
                  disabled={state.pending}
                  onSwipe={(choice) => (choice === 'like' ? void like() : pass())}
                />
              ))
              .reverse()}
          </div>
          {state.error !== null && (
            <p className="form-error swipe-error" role="alert">
              {errorText(state.error, t)}
            </p>
          )}
          <div className="swipe-controls">
            <button
              type="button"
              className="swipe-button swipe-button-pass"
              disabled={state.pending}
              onClick={pass}
              data-testid="swipe-pass"
              data-primary-action
            >
              <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
              </svg>
              <span className="visually-hidden">{t('swipe.pass_label', { name: top.name })}</span>
            </button>
            <button
              type="button"
              className="swipe-button swipe-button-like"
              disabled={!canLike}
              aria-busy={state.pending}
              onClick={() => void like()}
              data-testid="swipe-like"
              data-primary-action
            >
              <HeartIcon />
              <span className="visually-hidden">{t('swipe.like_label', { name: top.name })}</span>
            </button>
          </div>
          <p className="swipe-hint">{t('swipe.keyboard_hint')}</p>
        </>
      ) : (
        <StackEmpty empty={state.empty} />
      )}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}

function LimitReached({
  state,
  likesPerDay,
  resetText,
}: {
  state: SwipeState;
  likesPerDay: number;
  resetText: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="swipe-limit" role="status" data-testid="swipe-limit">
      <span className="swipe-limit-icon" aria-hidden="true">
        <HeartIcon />
      </span>
      <h2>{t('swipe.limit_title')}</h2>
      <p data-testid="swipe-limit-message">{state.limitMessage ?? t('swipe.limit_text', { likes: likesPerDay })}</p>
      {resetText && (
        <p className="swipe-limit-reset" data-testid="swipe-limit-reset">
          {resetText}
        </p>
      )}
      <div className="swipe-limit-links">
        <a className="btn btn-primary" href={LINKS.likes}>
          {t('swipe.see_likes')}
        </a>
        <a className="btn btn-ghost" href={LINKS.members}>
          {t('nav.search')}
        </a>
      </div>
    </div>
  );
}

function StackEmpty({ empty }: { empty: SwipeState['empty'] }) {
  const { t } = useTranslation();
  return (
    <div className="likes-empty swipe-empty" data-testid="swipe-empty">
      <p>{t(empty === 'all-passed' ? 'swipe.all_passed' : 'swipe.none_left')}</p>
      {empty === 'all-passed' ? (
        <button type="button" className="btn btn-primary" onClick={() => void startOver().catch(() => undefined)}>
          {t('swipe.start_over')}
        </button>
      ) : (
        <a className="btn btn-primary" href={LINKS.members}>
          {t('nav.search')}
        </a>
      )}
    </div>
  );
}
