import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREMIUM_PHOTO_LIMIT } from '@datekit/runtime/rules/constants';
import { canAddPhoto, PHOTO_TYPES, photoFileProblem } from '@datekit/runtime/rules/signup-steps';
import { $photos, deletePhoto, makeMainPhoto, uploadPhoto, type OwnPhoto } from '@datekit/runtime/stores/photos';
import { LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import { LoadFailed } from './LoadStatus.tsx';
import { Skeleton, SkeletonLine } from './Skeleton.tsx';

type Busy = { kind: 'upload' } | { kind: 'main' | 'delete'; id: number } | null;

/**
 * The member's photos (spec §3, §5): upload (the raw image), each with its status ("being checked"
 * until an operator approved it), make one the main photo, delete; the 3 / 25 limit as the server
 * states it, and the server's own message when it refuses.
 */
export function PhotoManager() {
  const { t } = useTranslation();
  const id = useId();
  const state = useStore($photos);
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  async function act(next: Busy, action: () => Promise<unknown>, done: string) {
    setBusy(next);
    setMessage(null);
    try {
      await action();
      setMessage({ error: false, text: done });
    } catch (error) {
      setMessage({ error: true, text: errorText(error, t) });
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  }

  function onPick(file: File | undefined) {
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      setMessage({ error: true, text: t(`steps.photo_problem_${problem}`) });
      return;
    }
    void act({ kind: 'upload' }, () => uploadPhoto(file), t('photos.uploaded'));
  }

  if (state.status === 'loading' || state.status === 'idle') {
    return <PhotoManagerSkeleton />;
  }
  if (state.status === 'failed') {
    return <LoadFailed error={state.error} />;
  }

  const { photos, limit } = state.data;
  const room = canAddPhoto(photos.length, limit);
  return (
    <div className="photo-manager" data-testid="photo-manager" aria-busy={busy !== null}>
      <div className="photo-manager-head">
        <p className="photo-count" data-testid="photo-count">
          {t('photos.count', { used: photos.length, limit })}
        </p>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept={PHOTO_TYPES.join(',')}
          disabled={!room || busy !== null}
          data-testid="photo-upload-input"
          onChange={(event) => {
            onPick(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <label htmlFor={id} className={room && busy === null ? 'btn btn-primary' : 'btn btn-primary is-disabled'}>
          {busy?.kind === 'upload' ? t('photos.uploading') : t('photos.add')}
        </label>
      </div>

      {photos.length ? (
        <ul className="photo-grid">
          {photos.map((photo) => (
            <PhotoItem
              key={photo.id}
              photo={photo}
              busy={busy !== null}
              confirming={confirming === photo.id}
              onMain={() =>
                void act({ kind: 'main', id: photo.id }, () => makeMainPhoto(photo.id), t('photos.main_done'))
              }
              onDelete={() => setConfirming(photo.id)}
              onCancel={() => setConfirming(null)}
              onConfirm={() =>
                void act({ kind: 'delete', id: photo.id }, () => deletePhoto(photo.id), t('photos.deleted'))
              }
            />
          ))}
        </ul>
      ) : (
        <p className="photo-empty">{t('photos.empty')}</p>
      )}

      <p
        className={message?.error ? 'photo-message form-error' : 'photo-message save-status'}
        role={message?.error ? 'alert' : 'status'}
        data-testid="photo-message"
      >
        {message?.text}
      </p>
      <p className="field-hint">{t('photos.check_hint')}</p>
      {!room ? <p className="field-hint">{t('photos.limit_reached', { limit })}</p> : null}
      {limit < PREMIUM_PHOTO_LIMIT ? (
        <p className="field-hint">
          {t('photos.premium_hint', { limit: PREMIUM_PHOTO_LIMIT })}{' '}
          <a href={LINKS.premium}>{t('photos.premium_link')}</a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The manager's shape while the photos load (and in the server render): the count, the add button,
 * the hints, as a member without photos on the free plan sees them (most who open the page).
 */
function PhotoManagerSkeleton() {
  const { t } = useTranslation();
  return (
    <Skeleton className="photo-manager">
      <div className="photo-manager-head">
        <SkeletonLine className="photo-count" width="8rem" />
        <span className="btn btn-primary is-disabled">{t('photos.add')}</span>
      </div>
      <p className="photo-empty">{t('photos.empty')}</p>
      <p className="photo-message save-status" />
      <p className="field-hint">{t('photos.check_hint')}</p>
      <p className="field-hint">
        {t('photos.premium_hint', { limit: PREMIUM_PHOTO_LIMIT })} <span>{t('photos.premium_link')}</span>
      </p>
    </Skeleton>
  );
}

interface PhotoItemProps {
  photo: OwnPhoto;
  busy: boolean;
  confirming: boolean;
  onMain: () => void;
  onDelete: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}

function PhotoItem({ photo, busy, confirming, onMain, onDelete, onCancel, onConfirm }: PhotoItemProps) {
  const { t } = useTranslation();
  return (
    <li className="own-photo" data-testid="own-photo" data-status={photo.status}>
      <div className="own-photo-frame">
        <img src={photo.thumb_filename} alt={t('photos.alt')} width="160" height="160" loading="lazy" />
        {photo.is_main ? <span className="own-photo-main">{t('photos.main')}</span> : null}
      </div>
      <p
        className={photo.status === 'inspection' ? 'own-photo-status is-checking' : 'own-photo-status'}
        data-testid="photo-status"
      >
        {photo.status === 'inspection' ? t('photos.status_inspection') : t('photos.status_active')}
      </p>
      {confirming ? (
        <div className="own-photo-actions" role="group" aria-label={t('photos.delete_confirm')}>
          <span className="own-photo-question">{t('photos.delete_confirm')}</span>
          <button type="button" className="btn btn-sm btn-danger" disabled={busy} onClick={onConfirm}>
            {t('photos.delete_yes')}
          </button>
          <button type="button" className="btn btn-sm btn-ghost" disabled={busy} onClick={onCancel}>
            {t('photos.delete_no')}
          </button>
        </div>
      ) : (
        <div className="own-photo-actions">
          {photo.is_main ? null : (
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              disabled={busy}
              data-testid="photo-make-main"
              onClick={onMain}
            >
              {t('photos.make_main')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={busy}
            data-testid="photo-delete"
            onClick={onDelete}
          >
            {t('photos.delete')}
          </button>
        </div>
      )}
    </li>
  );
}
