import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A banner of the dock at the bottom edge, as an island renders it: the markup of
 * src/components/AccountAlert.astro (the static alerts), styled by src/styles/dock-banners.css. The
 * toggle unfolds a message that does not fit its line; src/scripts/docked-banners.ts runs it for
 * every banner, static or island, so React leaves `data-expanded` and `aria-expanded` to it.
 */
export function DockBanner({
  testId,
  tone = 'alert',
  children,
  actions,
}: {
  testId: string;
  tone?: 'alert' | 'offer';
  children: ReactNode;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={`dock-banner dock-banner-${tone}`} role="status" data-testid={testId}>
      <div className="container dock-banner-inner">
        <div className="dock-banner-text">{children}</div>
        <button
          type="button"
          className="dock-banner-more"
          data-banner-toggle
          aria-expanded={false}
          aria-label={t('banner.more')}
        >
          <ChevronIcon />
        </button>
        <div className="dock-banner-actions">{actions}</div>
      </div>
    </div>
  );
}

/** The × that hides a dismissible banner for its pause. */
export function DockBannerDismiss({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="dock-banner-dismiss" aria-label={t('settings.alert_dismiss')} onClick={onDismiss}>
      <CloseIcon />
    </button>
  );
}

const ChevronIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="m6 15 6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

const CloseIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
