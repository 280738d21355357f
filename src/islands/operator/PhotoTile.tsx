import { useTranslation } from 'react-i18next';
import type { QueuedPhotoJson } from '@datekit/runtime/schemas/api/operator/photos';

/**
 * One photo of the queue's grid with what a moderator weighs beside it: who (name, age, brand), the
 * member's other photos, earlier rejections and reports. Clicking or tabbing to it focuses it; the
 * focused tile shows the keyboard hints, since A and R act on it.
 */
export function PhotoTile({
  photo,
  focused,
  selected,
  busy,
  uploaded,
  onFocus,
  onToggle,
  onDecide,
}: {
  photo: QueuedPhotoJson;
  focused: boolean;
  selected: boolean;
  busy: boolean;
  uploaded: string;
  onFocus: () => void;
  onToggle: () => void;
  onDecide: (outcome: 'approve' | 'reject') => void;
}) {
  const { t } = useTranslation();
  const who = photo.age === null ? photo.name : t('op.wd.photos.name_age', { name: photo.name, age: photo.age });
  return (
    <article
      className="op-wd-tile"
      data-testid="op-photo"
      data-photo-id={photo.id}
      data-focused={focused || undefined}
      data-selected={selected || undefined}
      tabIndex={focused ? 0 : -1}
      aria-label={t('op.wd.photos.tile', { who, id: photo.id })}
      onFocus={onFocus}
      onClick={onFocus}
    >
      <label className="op-wd-pick">
        <input type="checkbox" checked={selected} onChange={onToggle} data-testid="op-photo-select" />
        {t('op.wd.photos.select', { id: photo.id })}
      </label>
      <div className="op-wd-image">
        <img src={photo.url} alt={t('op.wd.photos.alt', { name: photo.name })} loading="lazy" />
      </div>
      <div className="op-wd-meta">
        <p>
          <a href={`/member?id=${photo.member_id}`}>
            <strong>{who}</strong>
          </a>{' '}
          <span className="op-muted">· {photo.brand}</span>
        </p>
        <p className="op-muted">{t('op.photos.uploaded', { date: uploaded })}</p>
        <p className="op-wd-flags">
          <span
            className={photo.earlier_rejections > 0 ? 'op-wd-flag warn' : 'op-wd-flag'}
            data-testid="op-photo-rejections"
          >
            {t('op.wd.photos.rejections', { n: photo.earlier_rejections })}
          </span>
          <span className={photo.reports.open > 0 ? 'op-wd-flag warn' : 'op-wd-flag'} data-testid="op-photo-reports">
            {photo.reports.total === 0
              ? t('op.wd.photos.no_reports')
              : t('op.wd.photos.reports', { n: photo.reports.total, open: photo.reports.open })}
          </span>
        </p>
        {photo.other_photos.length > 0 ? (
          <ul className="op-wd-others" aria-label={t('op.wd.photos.others')}>
            {photo.other_photos.map((other) => (
              <li key={other.id}>
                <img src={other.url} alt={t('op.wd.photos.other_alt', { id: other.id })} loading="lazy" />
                {other.status === 'inspection' && <span className="op-wd-badge">{t('op.wd.photos.waiting')}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="op-muted">{t('op.wd.photos.no_others')}</p>
        )}
      </div>
      <div className="op-wd-actions">
        <button className="op-button" type="button" disabled={busy} onClick={() => onDecide('approve')}>
          {t('op.photos.approve')}
          {focused && <kbd>A</kbd>}
        </button>
        <button className="op-button danger" type="button" disabled={busy} onClick={() => onDecide('reject')}>
          {t('op.photos.reject')}
          {focused && <kbd>R</kbd>}
        </button>
      </div>
    </article>
  );
}
