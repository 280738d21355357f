import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PHOTO_REJECT_REASONS, type PhotoRejectReason } from '@datekit/runtime/data/operator';
import type { PhotoBulkOutcome } from '@datekit/runtime/schemas/api/operator/photos';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { $photoQueue, decidePhotos, loadMorePhotos, loadPhotoQueue } from '@datekit/runtime/stores/operator/photos';
import { $operatorBrands } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';
import { consoleDates } from './console-dates.ts';
import { opErrorText } from './op-errors.ts';
import { OpError } from './OpError.tsx';
import { PhotoTile } from './PhotoTile.tsx';

/**
 * The photo queue as a grid: every photo beside its member's context, several selected and decided in
 * one request, or the focused one by keyboard (A, R, J, K, 1–7, X).
 */
export default function OperatorPhotos({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Photos lang={lang} />
    </UiProvider>
  );
}

/** Keys typed into a field are the field's, not shortcuts (a ticked checkbox is no field). */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (['TEXTAREA', 'SELECT'].includes(target.tagName) ||
    (target instanceof HTMLInputElement && target.type !== 'checkbox'));

const initialBrand = () =>
  typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('brand') ?? '');

function Photos({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const queue = loadedData(useStore($photoQueue));
  const brands = useStore($operatorBrands);
  const [brand, setBrand] = useState(initialBrand);
  const [focused, setFocused] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [reason, setReason] = useState<PhotoRejectReason>(PHOTO_REJECT_REASONS[0]);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const grid = useRef<HTMLDivElement>(null);

  useEffect(() => {
    loadPhotoQueue(brand).catch((failure: unknown) => setError(opErrorText(failure, t)));
  }, [brand, t]);

  function chooseBrand(value: string) {
    setSelected(new Set());
    setBrand(value);
  }

  const photos = useMemo(() => queue?.photos ?? [], [queue]);
  // The focused photo, or the first one: A and R always act on the photo that shows the hint.
  const index = Math.max(
    photos.findIndex((photo) => photo.id === focused),
    0,
  );
  const current = photos[index];

  const focusPhoto = useCallback((id: number | undefined, move: boolean) => {
    if (id === undefined) return;
    setFocused(id);
    if (move) grid.current?.querySelector<HTMLElement>(`[data-photo-id="${id}"]`)?.focus();
  }, []);

  const decide = useCallback(
    async (ids: number[], outcome: 'approve' | 'reject') => {
      if (ids.length === 0 || busy) return;
      setBusy(true);
      setError(null);
      // Where the focus goes once the decided photos leave the grid: the next photo left standing.
      const next =
        photos.slice(index).find((photo) => !ids.includes(photo.id)) ?? photos.find((p) => !ids.includes(p.id));
      try {
        const results = await decidePhotos(ids, outcome, reason);
        setStatus(statusText(results, ids, outcome, t));
        setSelected((before) => new Set([...before].filter((id) => !ids.includes(id))));
        if (next) focusPhoto(next.id, ids.includes(current?.id ?? -1));
      } catch (failure) {
        setError(opErrorText(failure, t));
      } finally {
        setBusy(false);
      }
    },
    [busy, photos, index, current, reason, t, focusPhoto],
  );

  const toggle = useCallback((id: number) => {
    setSelected((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });
  }, []);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'a' && current) void decide([current.id], 'approve');
      else if (key === 'r' && current) void decide([current.id], 'reject');
      else if (key === 'j') focusPhoto(photos[Math.min(index + 1, photos.length - 1)]?.id, true);
      else if (key === 'k') focusPhoto(photos[Math.max(index - 1, 0)]?.id, true);
      else if (key === 'x' && current) toggle(current.id);
      else if (/^[1-9]$/.test(key) && PHOTO_REJECT_REASONS[Number(key) - 1])
        setReason(PHOTO_REJECT_REASONS[Number(key) - 1]!);
      else return;
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide, focusPhoto, toggle, current, photos, index]);

  const dates = consoleDates(lang);
  const chosen = photos.filter((photo) => selected.has(photo.id)).map((photo) => photo.id);
  return (
    <>
      <p className="op-muted" data-testid="op-shortcuts">
        <Trans i18nKey="op.wd.photos.shortcuts" components={{ kbd: <kbd /> }} />
      </p>
      <div className="op-wd-toolbar" data-testid="op-photo-toolbar">
        <label>
          {t('op.col.brand')}
          <select name="brand" value={brand} onChange={(event) => chooseBrand(event.target.value)}>
            <option value="">{t('op.members.any')}</option>
            {brands.map((domain) => (
              <option key={domain}>{domain}</option>
            ))}
          </select>
        </label>
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
        <span className="op-wd-toolbar-end">
          <button
            className="op-button secondary"
            type="button"
            disabled={photos.length === 0}
            onClick={() =>
              setSelected(chosen.length === photos.length ? new Set() : new Set(photos.map((photo) => photo.id)))
            }
          >
            {chosen.length === photos.length && photos.length > 0
              ? t('op.wd.photos.select_none')
              : t('op.wd.photos.select_all', { n: photos.length })}
          </button>
          <button
            className="op-button"
            type="button"
            data-testid="op-bulk-approve"
            disabled={busy || chosen.length === 0}
            onClick={() => void decide(chosen, 'approve')}
          >
            {t('op.wd.photos.approve_selected', { n: chosen.length })}
          </button>
          <button
            className="op-button danger"
            type="button"
            data-testid="op-bulk-reject"
            disabled={busy || chosen.length === 0}
            onClick={() => void decide(chosen, 'reject')}
          >
            {t('op.wd.photos.reject_selected', { n: chosen.length })}
          </button>
        </span>
      </div>
      <p role="status" aria-live="polite" data-testid="op-photo-status" className="op-wd-status">
        {status}
      </p>
      <OpError message={error} />
      {queue && (
        <p className="op-muted" data-testid="op-photos-total">
          {t('op.wd.photos.total', { n: queue.total })}
        </p>
      )}
      {queue && photos.length === 0 && (
        <p className="op-card op-wd-empty" data-testid="op-photos-empty">
          {t('op.wd.photos.empty')}
        </p>
      )}
      <div className="op-wd-grid" ref={grid} data-testid="op-photo-grid">
        {photos.map((photo) => (
          <PhotoTile
            key={photo.id}
            photo={photo}
            focused={photo.id === current?.id}
            selected={selected.has(photo.id)}
            busy={busy}
            uploaded={dates.dateTime(photo.uploaded_at)}
            onFocus={() => setFocused(photo.id)}
            onToggle={() => toggle(photo.id)}
            onDecide={(outcome) => void decide([photo.id], outcome)}
          />
        ))}
      </div>
      {queue?.nextAfter != null && (
        <button
          className="op-button secondary op-wd-more"
          type="button"
          onClick={() => void loadMorePhotos().catch((failure: unknown) => setError(opErrorText(failure, t)))}
        >
          {t('op.wd.photos.more', { n: queue.total - photos.length })}
        </button>
      )}
    </>
  );
}

/** What the status line says after a decision: one photo by its id, several by count, and any left as they were. */
function statusText(
  results: Map<number, PhotoBulkOutcome>,
  ids: number[],
  outcome: 'approve' | 'reject',
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const done = ids.filter((id) => results.get(id) === 'approved' || results.get(id) === 'rejected');
  const skipped = ids.length - done.length;
  const main =
    ids.length === 1 && done.length === 1
      ? t(outcome === 'approve' ? 'op.photos.done_approved' : 'op.photos.done_rejected', { id: done[0] })
      : t(outcome === 'approve' ? 'op.wd.photos.bulk_approved' : 'op.wd.photos.bulk_rejected', { n: done.length });
  return skipped > 0 ? `${main} ${t('op.wd.photos.skipped', { n: skipped })}` : main;
}
