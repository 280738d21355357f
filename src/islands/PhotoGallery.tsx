import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberPhoto } from '@datekit/runtime/stores/member';
import { LINKS } from '../site/links.ts';
import { ArrowIcon, LockIcon } from './icons.tsx';
import './PhotoGallery.css';
import './own-photo.css';

interface Props {
  photos: MemberPhoto[];
  name: string;
  /** Shown instead of a photo when there is none: the member's initials. */
  initials: string;
}

/**
 * A member's photos: one large, the others as thumbnails to pick (or ←/→). A locked photo (spec §6:
 * free viewers see the main photo only) shows the blurred copy the server made, under a lock, with
 * the way to premium; its full image is never requested, since the server never even names it.
 */
export default function PhotoGallery({ photos, name, initials }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const index = Math.min(chosen, Math.max(photos.length - 1, 0));
  const current = photos[index];
  const total = photos.length;
  const anyLocked = photos.some((photo) => photo.locked);

  if (!current) {
    return (
      <div className="gallery" data-testid="photo-gallery">
        <div className="gallery-stage gallery-empty" role="img" aria-label={t('member.no_photo', { name })}>
          <span aria-hidden="true">{initials}</span>
        </div>
      </div>
    );
  }

  const show = (next: number) => setChosen((next + total) % total);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (total < 2) return;
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else return;
    event.preventDefault();
  }

  return (
    <div
      className="gallery"
      role="group"
      aria-roledescription={t('member.gallery')}
      aria-label={t('member.photos', { name })}
      onKeyDown={onKeyDown}
      data-testid="photo-gallery"
    >
      <div className="gallery-stage">
        {current.locked ? (
          <div className="gallery-locked" data-testid="locked-photo">
            {current.blurred ? (
              <img src={current.blurred} alt="" width="320" height="320" decoding="async" />
            ) : (
              <span className="gallery-locked-fill" />
            )}
            <div className="gallery-lock">
              <LockIcon size={30} />
              <p>{t('member.locked_text')}</p>
              <a className="btn btn-primary btn-sm" href={LINKS.premium}>
                {t('member.premium_photos')}
              </a>
            </div>
          </div>
        ) : (
          <img
            key={current.id}
            src={current.filename}
            alt={t('member.photo_alt', { name, n: index + 1, total })}
            width="512"
            height="512"
            decoding="async"
            fetchPriority={index === 0 ? 'high' : undefined}
            data-testid="gallery-photo"
          />
        )}
        {!current.locked && current.pending && (
          // Only the owner ever gets a photo awaiting its check: she sees it, and that nobody else does yet.
          <p className="gallery-pending" data-testid="gallery-photo-pending">
            <strong>{t('own_photo.awaiting_check')}</strong> {t('own_photo.awaiting_check_hint')}
          </p>
        )}
        {total > 1 && (
          <>
            <button
              type="button"
              className="gallery-step gallery-step-back"
              aria-label={t('member.photo_previous')}
              onClick={() => show(index - 1)}
            >
              <ArrowIcon back />
            </button>
            <button
              type="button"
              className="gallery-step gallery-step-next"
              aria-label={t('member.photo_next')}
              onClick={() => show(index + 1)}
            >
              <ArrowIcon />
            </button>
            <span className="gallery-position" aria-live="polite">
              {t('member.photo_position', { n: index + 1, total })}
            </span>
          </>
        )}
      </div>
      {total > 1 && (
        <ul className="gallery-thumbs">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                className="gallery-thumb"
                aria-current={i === index ? 'true' : undefined}
                aria-label={t(photo.locked ? 'member.photo_locked' : 'member.photo', { n: i + 1, total })}
                onClick={() => setChosen(i)}
              >
                {photo.locked ? (
                  photo.blurred ? (
                    <img src={photo.blurred} alt="" width="64" height="64" loading="lazy" decoding="async" />
                  ) : (
                    <span className="gallery-locked-fill" />
                  )
                ) : (
                  <img src={photo.thumb_filename} alt="" width="64" height="64" loading="lazy" decoding="async" />
                )}
                {photo.locked && (
                  <span className="gallery-thumb-lock">
                    <LockIcon size={18} />
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {anyLocked && (
        <p className="gallery-premium">
          <LockIcon size={18} />
          <a href={LINKS.premium} data-testid="premium-photos-link">
            {t('member.premium_photos')}
          </a>
        </p>
      )}
    </div>
  );
}
