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
  withoutDelayParam,
  type MatchEventDetail,
} from '../../packages/runtime/rules/match-modal.ts';
import { initials } from '../../packages/runtime/rules/nav.ts';
import {
  $matchModal,
  closeMatchModal,
  followLiveMatches,
  openAutoLikeAfter,
  openMatchFor,
} from '../../packages/runtime/stores/match-modal.ts';
import { UiProvider } from './ui.tsx';
import './MatchModal.css';

/**
 * The like / match modal of the default layout (spec §2 Modals): full screen, the liker's main image
 * and a button; "It's a Match" or "New like!". Any click closes it. The image and the button each emit
 * a window event with the profile id (`datekit:match-image`, `datekit:match-button`); unless a
 * listener cancels it, the image opens the profile and the button the match view.
 *
 * It opens on the `datekit:match` event (the member's like made a match), on the live `match` event
 * (the other member liked the member back), once per match, and, for `?t=<seconds>`, after that
 * many seconds with the newest unseen like (spec §4), removing `t` from the address.
 */
export default function MatchModal({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <MatchModalContent />
    </UiProvider>
  );
}

/** Emits `name` with the profile id; answers whether no listener cancelled it. */
function emit(name: string, profileId: number): boolean {
  return window.dispatchEvent(new CustomEvent<MatchEventDetail>(name, { detail: { profileId }, cancelable: true }));
}

function MatchModalContent() {
  const { t } = useTranslation();
  const state = useStore($matchModal, { ssr: 'initial' });
  const dialog = useRef<HTMLDialogElement>(null);

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
    }
    return () => {
      window.removeEventListener(MATCH_EVENT, onMatch);
      stopLive();
      cancel?.();
    };
  }, []);

  const open = state.status === 'open';
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    closeMatchModal();
  }

  // Spec: the modal closes on click, wherever the click lands.
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.defaultPrevented) return;
    closeMatchModal();
  }

  function follow(event: MouseEvent, name: string, target: string, profileId: number) {
    event.preventDefault();
    closeMatchModal();
    if (emit(name, profileId)) location.assign(target);
  }

  const profile = open ? state.profile : null;
  const match = open && state.match;
  const image = profile ? matchModalImage(profile) : null;
  const targets = profile ? matchModalTargets(profile.id) : null;

  return (
    <dialog
      ref={dialog}
      className={`match-modal${match ? ' is-match' : ''}`}
      aria-labelledby="match-modal-title"
      data-testid="match-modal"
      onCancel={onCancel}
      onClose={() => closeMatchModal()}
      onClick={onClick}
    >
      {profile && targets && (
        <div className="match-modal-body">
          <h2 id="match-modal-title" className="match-modal-title" data-testid="match-modal-title">
            {t(matchModalTitleKey(match))}
          </h2>
          <p className="match-modal-text">
            {t(match ? 'match_modal.text_match' : 'match_modal.text_like', { name: profile.name })}
          </p>
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
            <span className="match-modal-heart" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                <path
                  fill="currentColor"
                  d="M12 20s-7-4.4-9.2-8.6C1.2 8.3 3 4.5 6.6 4.5c2.1 0 3.5 1.2 5.4 3.2 1.9-2 3.3-3.2 5.4-3.2 3.6 0 5.4 3.8 3.8 6.9C19 15.6 12 20 12 20Z"
                />
              </svg>
            </span>
          </a>
          <a
            className="btn btn-lg match-modal-button"
            href={targets.button}
            // The main action takes the focus when the modal opens, not the image before it.
            autoFocus
            data-testid="match-modal-button"
            onClick={(event) => follow(event, MATCH_BUTTON_EVENT, targets.button, profile.id)}
          >
            {t(match ? 'match_modal.button_match' : 'match_modal.button_like')}
          </a>
          <p className="match-modal-hint">{t('match_modal.close_hint')}</p>
        </div>
      )}
    </dialog>
  );
}
