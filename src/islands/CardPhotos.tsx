import { useRef, useState, type ReactNode, type RefObject, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberPhoto, SearchProfile } from '@datekit/runtime/schemas/api/members';
import { ArrowIcon, LockIcon } from './icons.tsx';

/**
 * The photos a result card pages through besides the main picture (which the card shows first): the
 * member's other checked photos as the searcher may see them. Empty when she has no other.
 */
export function morePhotos(profile: Pick<SearchProfile, 'main_image' | 'photos'>): MemberPhoto[] {
  const main = profile.main_image?.status === 'active' ? profile.main_image.thumb_filename : null;
  return profile.photos.filter((p) => p.locked || p.thumb_filename !== main);
}

/** The state the strip (inside the card's link) and its step buttons (beside it) share. */
export function useCardPhotos() {
  const strip = useRef<HTMLSpanElement>(null);
  const [index, setIndex] = useState(0);
  const onScroll = (event: UIEvent<HTMLSpanElement>) => {
    const el = event.currentTarget;
    setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
  };
  const show = (target: number) => {
    const el = strip.current;
    if (!el) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ left: target * el.clientWidth, behavior: smooth ? 'smooth' : 'instant' });
  };
  return { strip, index, onScroll, show };
}

/**
 * The pictures of a card side by side, one in view: swiped on a phone, stepped with the buttons of
 * `CardPhotoSteps` with a mouse. Every picture is part of the card's link (a tap opens the profile),
 * so nothing interactive sits inside it. A locked photo shows the server's blurred copy under a lock
 * to a free member; a visitor, who gets no copy, sees that there is more for members.
 */
export function CardPhotoStrip({
  first,
  photos,
  strip,
  index,
  onScroll,
}: {
  first: ReactNode;
  photos: MemberPhoto[];
  strip: RefObject<HTMLSpanElement | null>;
  index: number;
  onScroll: (event: UIEvent<HTMLSpanElement>) => void;
}) {
  const { t } = useTranslation();
  const total = photos.length + 1;
  return (
    <span className="card-photos">
      <span className="card-photo-strip" ref={strip} onScroll={onScroll}>
        <span className="card-photo-slide">{first}</span>
        {photos.map((photo) => (
          <span key={photo.id} className="card-photo-slide">
            {!photo.locked ? (
              <img
                className="card-photo"
                src={photo.thumb_filename}
                alt=""
                width="256"
                height="256"
                loading="lazy"
                decoding="async"
              />
            ) : photo.blurred ? (
              <>
                <img
                  className="card-photo"
                  src={photo.blurred}
                  alt=""
                  width="320"
                  height="320"
                  loading="lazy"
                  decoding="async"
                />
                <span className="card-photo-lock">
                  <LockIcon />
                  {t('search.photo_premium')}
                </span>
              </>
            ) : (
              <span className="card-photo-lock is-empty">
                <LockIcon />
                {t('search.photo_members')}
              </span>
            )}
          </span>
        ))}
      </span>
      <span className="card-photo-dots" aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={i === index ? 'is-current' : undefined} />
        ))}
      </span>
      <span className="visually-hidden">{t('search.photo_count', { count: total })}</span>
    </span>
  );
}

/** Previous/next over the card's picture, for a mouse or keyboard (a finger swipes the strip). */
export function CardPhotoSteps({ index, total, show }: { index: number; total: number; show: (i: number) => void }) {
  const { t } = useTranslation();
  return (
    <span className="card-photo-steps">
      <button
        type="button"
        className="card-photo-step"
        aria-label={t('member.photo_previous')}
        disabled={index <= 0}
        onClick={() => show(index - 1)}
      >
        <ArrowIcon back />
      </button>
      <button
        type="button"
        className="card-photo-step"
        aria-label={t('member.photo_next')}
        disabled={index >= total - 1}
        onClick={() => show(index + 1)}
      >
        <ArrowIcon />
      </button>
    </span>
  );
}
