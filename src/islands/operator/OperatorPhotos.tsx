import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from '../../../packages/runtime/data/operator.ts';
import {
  $photoQueue,
  approveQueuedPhoto,
  loadPhotoQueue,
  rejectQueuedPhoto,
} from '../../../packages/runtime/stores/operator/photos.ts';
import { UiProvider } from '../ui.tsx';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';

/** The photo queue: one photo at a time, oldest first, decided by button or keyboard. */
export default function OperatorPhotos({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Photos lang={lang} />
    </UiProvider>
  );
}

/** Keys typed into a field are the field's, not shortcuts. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);

function Photos({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const queue = useStore($photoQueue);
  const [index, setIndex] = useState(0);
  const [reason, setReason] = useState<PhotoRejectReason>(PHOTO_REJECT_REASONS[0]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadPhotoQueue().catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [t]);

  const photos = queue ?? [];
  const current = photos[Math.min(index, photos.length - 1)];

  const decide = useCallback(
    async (outcome: 'approve' | 'reject') => {
      if (!current || busy) return;
      setBusy(true);
      setError(null);
      try {
        if (outcome === 'approve') await approveQueuedPhoto(current.id);
        else await rejectQueuedPhoto(current.id, reason);
        setStatus(t(outcome === 'approve' ? 'op.photos.done_approved' : 'op.photos.done_rejected', { id: current.id }));
      } catch (failure) {
        setError(opErrorText(failure, t));
      } finally {
        setBusy(false);
      }
    },
    [current, busy, reason, t],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'a') void decide('approve');
      else if (key === 'r') void decide('reject');
      else if (key === 'j') setIndex((i) => Math.min(i + 1, Math.max(photos.length - 1, 0)));
      else if (key === 'k') setIndex((i) => Math.max(i - 1, 0));
      else if (/^[1-9]$/.test(key) && PHOTO_REJECT_REASONS[Number(key) - 1])
        setReason(PHOTO_REJECT_REASONS[Number(key) - 1]!);
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide, photos.length]);

  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <p className="op-muted">{t('op.photos.intro')}</p>
      <p className="op-muted" data-testid="op-shortcuts">
        <Trans i18nKey="op.photos.shortcuts" components={{ kbd: <kbd /> }} />
      </p>
      <p role="status" aria-live="polite" data-testid="op-photo-status">
        {status}
      </p>
      <OpError message={error} />
      {queue && !current && <p data-testid="op-photos-empty">{t('op.photos.empty')}</p>}
      {current && (
        <div className="op-card" data-testid="op-photo" data-photo-id={current.id}>
          <p>
            <strong>
              {t('op.photos.member', { name: current.name, id: current.member_id, brand: current.brand })}
            </strong>{' '}
            · {t('op.photos.uploaded', { date: date.format(new Date(current.uploaded_at)) })} · {index + 1}/
            {photos.length}
          </p>
          <img src={current.url} alt="" style={{ maxWidth: '100%', maxHeight: '60vh' }} />
          <div className="op-filters">
            <button className="op-button" type="button" disabled={busy} onClick={() => void decide('approve')}>
              {t('op.photos.approve')} <kbd>A</kbd>
            </button>
            <label>
              {t('op.photos.reason')}
              <select value={reason} onChange={(e) => setReason(e.target.value as PhotoRejectReason)} name="reason">
                {PHOTO_REJECT_REASONS.map((code, i) => (
                  <option key={code} value={code}>
                    {i + 1}. {t(`op.reason.${code}`)}
                  </option>
                ))}
              </select>
            </label>
            <button className="op-button danger" type="button" disabled={busy} onClick={() => void decide('reject')}>
              {t('op.photos.reject')} <kbd>R</kbd>
            </button>
          </div>
        </div>
      )}
    </>
  );
}
