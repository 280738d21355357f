import { useStore } from '@nanostores/react';
import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MATCH_BUTTON_EVENT,
  MATCH_EVENT,
  MATCH_IMAGE_EVENT,
  matchEventProfileId,
  matchModalDelayMs,
  matchModalImage,
  matchModalTargets,
  matchModalTitleKey,
  ownMatchImage,
  withoutDelayParam,
  type MatchEventDetail,
} from '@datekit/runtime/rules/match-modal';
import { initials } from '@datekit/runtime/rules/nav';
import {
  $matchModal,
  closeMatchModal,
  followLiveMatches,
  likeBack,
  markMatchSeen,
  openAutoLikeAfter,
  openMatchFor,
  openUnseenMatch,
} from '@datekit/runtime/stores/match-modal';
import { $user } from '@datekit/runtime/stores/user';
import { errorText } from './errors.ts';
import { FormError } from './Field.tsx';
import { ProfileName, type FictionalMarking } from './FictionalMark.tsx';
import { UiProvider } from './ui.tsx';
import './MatchModal.css';

interface Props {
  lang: string;
  /** The brand's fictional icon and, when the brand overrides it, its label (spec §3 Settings). */
  fictionalIcon: string;
  fictionalLabel?: string | undefined;
}

/**
 * The like / match modal of the default layout (spec §2 Modals): full screen. "It's a Match" shows
 * both members' pictures and names and leads into the chat (the primary action) or back to browsing;
 * "New like!" shows the liker and lets the member like back, which turns it into the match. Any click
 * outside its buttons closes it, as Esc does. The image and the primary button each emit a window
 * event with the profile id (`datekit:match-image`, `datekit:match-button`); unless a listener cancels
 * it, the image opens the profile and the button the chat.
 *
 * It opens on the `datekit:match` event (the member's like made a match), on the live `match` event
 * (the other member liked the member back), once per match; for a match made while the member was
 * away, on her next page; and, for `?t=<seconds>`, after that many seconds with the newest unseen like
 * (spec §4), removing `t` from the address. A match it showed is marked seen on the server.
 */
export default function MatchModal({ lang, ...fictional }: Props) {
  return (
    <UiProvider lang={lang}>
      <MatchModalContent fictional={{ icon: fictional.fictionalIcon, label: fictional.fictionalLabel }} />
    </UiProvider>
  );
}

/** Emits `name` with the profile id; answers whether no listener cancelled it. */
function emit(name: string, profileId: number): boolean {
  return window.dispatchEvent(new CustomEvent<MatchEventDetail>(name, { detail: { profileId }, cancelable: true }));
}

function MatchModalContent({ fictional }: { fictional: { icon: string; label: string | undefined } }) {
  const { t } = useTranslation();
  const state = useStore($matchModal, { ssr: 'initial' });
  const user = useStore($user, { ssr: 'initial' });
  const dialog = useRef<HTMLDialogElement>(null);
  const primary = useRef<HTMLElement>(null);

  useEffect(() => {
    const onMatch = (event: Event) => {
      const profileId = matchEventProfileId((event as CustomEvent<unknown>).detail);
      if (profileId !== null) void openMatchFor(profileId).catch(() => undefined);
    };
    window.addEventListener(MATCH_EVENT, onMatch);
    const stopLive = followLiveMatches();
    let cancel: (() => void) | undefined;
    const delay = matchModalDelayMs(location.search);
    if (delay !== null) {
      history.replaceState(history.state, '', withoutDelayParam(new URL(location.href)));
      cancel = openAutoLikeAfter(delay);
    } else {
      // A match made while the member was away shows once, on this page.
      void openUnseenMatch().catch(() => undefined);
    }
    return () => {
      window.removeEventListener(MATCH_EVENT, onMatch);
      stopLive();
      cancel?.();
    };
  }, []);

  const open = state.status === 'open';
  const profile = open ? state.profile : null;
  const match = open && state.match;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Shown is seen: the server offers this match's moment on no later page.
  const seenId = match && profile ? profile.id : null;
  useEffect(() => {
    if (seenId !== null) void markMatchSeen(seenId).catch(() => undefined);
  }, [seenId]);

  // The main action takes the focus (a new like turning into a match replaces the button under it).
  useEffect(() => {
    if (open) primary.current?.focus();
  }, [open, match]);

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    closeMatchModal();
  }

  // Spec: the modal closes on click, wherever the click lands, but for "like back".
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.defaultPrevented) return;
    closeMatchModal();
  }

  function follow(event: MouseEvent, name: string, target: string, profileId: number) {
    event.preventDefault();
    closeMatchModal();
    if (emit(name, profileId)) location.assign(target);
  }

  const image = profile ? matchModalImage(profile) : null;
  const targets = profile ? matchModalTargets(profile.id) : null;
  const me = user?.profile ?? null;
  const ownImage = user ? ownMatchImage(user.profile) : null;
  const liking = open && state.liking === true;
  const error = open ? state.error : undefined;
  const marking: FictionalMarking = fictional.label ? fictional : { icon: fictional.icon };

  return (
    <dialog
      ref={dialog}
      className={`match-modal${match ? ' is-match' : ''}`}
      aria-labelledby="match-modal-title"
      aria-describedby="match-modal-text"
      data-testid="match-modal"
      data-match={match ? 'true' : 'false'}
      onCancel={onCancel}
      onClose={() => closeMatchModal()}
      onClick={onClick}
    >
      {profile && targets && (
        <div className="match-modal-body">
          <h2 id="match-modal-title" className="match-modal-title" data-testid="match-modal-title">
            {t(matchModalTitleKey(match))}
          </h2>
          <p id="match-modal-text" className="match-modal-text">
            {t(match ? 'match_modal.text_match' : 'match_modal.text_like', { name: profile.name })}
          </p>
          <div className={`match-moment-pictures${match && me ? ' is-pair' : ''}`}>
            {match && me && (
              <figure className="match-moment-person is-own" data-testid="match-modal-own">
                <span className="match-modal-image">
                  {ownImage ? (
                    <img src={ownImage} alt="" width="320" height="320" />
                  ) : (
                    <span className="match-modal-avatar" aria-hidden="true">
                      {initials(me.name)}
                    </span>
                  )}
                </span>
                <figcaption className="match-moment-name">{t('match_moment.you')}</figcaption>
              </figure>
            )}
            <figure className="match-moment-person">
              <a
                className="match-modal-image"
                href={targets.image}
                data-testid="match-modal-image"
                aria-label={t('match_modal.image_label', { name: profile.name })}
                onClick={(event) => follow(event, MATCH_IMAGE_EVENT, targets.image, profile.id)}
              >
                {image ? (
                  <img src={image} alt="" width="320" height="320" />
                ) : (
                  <span className="match-modal-avatar" aria-hidden="true">
                    {initials(profile.name)}
                  </span>
                )}
              </a>
              <figcaption className="match-moment-name" data-testid="match-modal-name">
                <ProfileName profile={profile} fictional={marking} />
              </figcaption>
            </figure>
            <span className="match-modal-heart" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                <path
                  fill="currentColor"
                  d="M12 20s-7-4.4-9.2-8.6C1.2 8.3 3 4.5 6.6 4.5c2.1 0 3.5 1.2 5.4 3.2 1.9-2 3.3-3.2 5.4-3.2 3.6 0 5.4 3.8 3.8 6.9C19 15.6 12 20 12 20Z"
                />
              </svg>
            </span>
          </div>
          {profile.fictional && (
            <p className="match-moment-note" data-testid="match-modal-fictional-note">
              {t('members.fictional_note', { icon: fictional.icon })}
            </p>
          )}
          <div className="match-moment-actions">
            {match ? (
              <a
                ref={(element) => {
                  primary.current = element;
                }}
                className="btn btn-lg match-modal-button"
                href={targets.button}
                data-testid="match-modal-button"
                onClick={(event) => follow(event, MATCH_BUTTON_EVENT, targets.button, profile.id)}
              >
                {t('match_moment.send_message', { name: profile.name })}
              </a>
            ) : (
              <button
                ref={(element) => {
                  primary.current = element;
                }}
                type="button"
                className="btn btn-lg match-modal-button"
                data-testid="match-modal-like-back"
                aria-busy={liking}
                disabled={liking}
                onClick={(event) => {
                  // Liking back keeps the modal open: it turns into the match.
                  event.preventDefault();
                  if (emit(MATCH_BUTTON_EVENT, profile.id)) void likeBack();
                }}
              >
                {t('match_moment.like_back', { name: profile.name })}
              </button>
            )}
            {error !== undefined && <FormError message={errorText(error, t)} />}
            <button type="button" className="btn btn-lg match-moment-later" data-testid="match-modal-close">
              {t(match ? 'match_moment.keep_browsing' : 'match_moment.later')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
