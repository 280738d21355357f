import { useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '@datekit/runtime/routes';
import type { Profile } from '@datekit/runtime/schemas/api/user';
import { ProfileName, type FictionalMarking } from './FictionalMark.tsx';
import { ProfileAvatar, profilePhoto } from './LikesProfileCard.tsx';

/** How far (CSS pixels) a card must be dragged sideways to count as a like or a pass. */
const SWIPE_DISTANCE_PX = 96;

interface Props {
  profile: Profile;
  fictional: FictionalMarking;
  /** 0 for the top card, which alone can be dragged; the cards behind it peek out. */
  depth: number;
  /** Called when the top card is dragged far enough to one side. */
  onSwipe: (choice: 'like' | 'pass') => void;
  disabled: boolean;
}

/**
 * One card of the swipe game's stack: the member's photo (or an abstract avatar), name, age and city.
 * The top card follows a finger or the mouse; released far enough right it likes, left it passes.
 */
export function SwipeGameCard({ profile, fictional, depth, onSwipe, disabled }: Props) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  // Where the drag began (clientX), or null while the card is not being dragged.
  const [start, setStart] = useState<number | null>(null);
  const photo = profilePhoto(profile, 'filename');
  const top = depth === 0;

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    // Links inside the card keep their click; only the card itself is dragged.
    if (!top || disabled || (event.target as Element).closest('a')) return;
    setStart(event.clientX);
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (start !== null) setOffset(event.clientX - start);
  }

  function onPointerEnd() {
    if (start === null) return;
    setStart(null);
    if (offset >= SWIPE_DISTANCE_PX) onSwipe('like');
    else if (offset <= -SWIPE_DISTANCE_PX) onSwipe('pass');
    setOffset(0);
  }

  const dragging = start !== null;
  const leaning = Math.max(-1, Math.min(1, offset / SWIPE_DISTANCE_PX));
  const style = top
    ? { transform: `translateX(${offset}px) rotate(${leaning * 8}deg)`, transition: dragging ? 'none' : undefined }
    : { transform: `translateY(${depth * 12}px) scale(${1 - depth * 0.05})` };

  return (
    <div
      className={`swipe-card${top ? ' is-top' : ''}`}
      style={{ ...style, zIndex: 10 - depth }}
      aria-hidden={top ? undefined : true}
      data-testid={top ? 'swipe-card' : undefined}
      data-profile-id={profile.id}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {photo ? (
        <img src={photo} alt="" width="512" height="512" draggable={false} loading={top ? undefined : 'lazy'} />
      ) : (
        <ProfileAvatar profile={profile} className="swipe-card-avatar" />
      )}
      {top && (
        <>
          <span className="swipe-stamp swipe-stamp-like" style={{ opacity: Math.max(0, leaning) }} aria-hidden="true">
            {t('swipe.like')}
          </span>
          <span className="swipe-stamp swipe-stamp-pass" style={{ opacity: Math.max(0, -leaning) }} aria-hidden="true">
            {t('swipe.pass')}
          </span>
        </>
      )}
      <div className="swipe-card-info">
        <h2 className="swipe-card-name">
          <ProfileName profile={profile} fictional={fictional} />
          <span className="swipe-card-age">, {profile.age}</span>
        </h2>
        {profile.city && <p className="swipe-card-city">{profile.city}</p>}
        {top && (
          <a className="swipe-card-profile" href={pathFor('members-id', { id: profile.id })}>
            {t('swipe.view_profile')}
          </a>
        )}
      </div>
    </div>
  );
}
