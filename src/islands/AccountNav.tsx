import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { NavState } from '@datekit/runtime/rules/nav';
import { $nav } from '@datekit/runtime/stores/nav';
import { LINKS } from '../site/links.ts';
import { Disclosure } from './Disclosure.tsx';
import {
  ChevronIcon,
  CoinsIcon,
  CrownIcon,
  HeartIcon,
  MessagesIcon,
  SearchIcon,
  SettingsIcon,
  UserIcon,
} from './icons.tsx';
import LogoutButton from './LogoutButton.tsx';
import { UiProvider } from './ui.tsx';
import './own-photo.css';

const UNKNOWN: NavState = { kind: 'unknown' };

/**
 * The account side of the top navigation (spec §2): a Login button for visitors; for members the
 * search, messages and likes with their badges, credits or Get Premium, and the account menu.
 * Prerendered in the "not known yet" state, which reserves the space without showing either.
 */
export default function AccountNav({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <AccountNavContent />
    </UiProvider>
  );
}

function AccountNavContent() {
  const { t } = useTranslation();
  const nav = useStore($nav, { ssr: () => UNKNOWN });

  if (nav.kind === 'unknown') return <div className="account-nav is-pending" aria-busy="true" />;

  if (nav.kind === 'visitor') {
    return (
      <div className="account-nav">
        <a className="btn btn-primary btn-sm" href={LINKS.login} data-testid="nav-login">
          {t('nav.login')}
        </a>
      </div>
    );
  }

  return (
    <ul className="account-nav member-nav">
      <li>
        <a className="nav-item" href={LINKS.members}>
          <SearchIcon />
          <span className="nav-label">{t('nav.search')}</span>
        </a>
      </li>
      <li>
        <a className="nav-item" href={LINKS.chats} data-testid="nav-messages">
          <MessagesIcon />
          <span className="nav-label">{t('nav.messages')}</span>
          <Badge text={nav.messagesBadge} tone="unread" label={t('nav.badge_unread', { badge: nav.messagesBadge })} />
        </a>
      </li>
      <li>
        <a className="nav-item" href={LINKS.likes} data-testid="nav-likes">
          <HeartIcon />
          <span className="nav-label">{t('nav.likes')}</span>
          <Badge text={nav.likesBadge} tone="unread" label={t('nav.badge_new_likes', { badge: nav.likesBadge })} />
        </a>
      </li>
      <li>
        {nav.credits ? (
          <a className="nav-item" href={LINKS.credits} data-testid="nav-credits">
            <CoinsIcon />
            <span className="nav-label">{t('nav.credits')}</span>
            {nav.credits.badge !== 'none' ? (
              <Badge
                text={String(nav.credits.balance)}
                tone={nav.credits.badge}
                label={t('nav.badge_credits', { count: nav.credits.balance })}
              />
            ) : null}
          </a>
        ) : (
          <a className="nav-item nav-premium" href={LINKS.premium} data-testid="nav-premium">
            <CrownIcon />
            <span className="nav-label">{t('nav.premium')}</span>
          </a>
        )}
      </li>
      <li>
        <Disclosure
          testId="nav-account"
          buttonClassName="account-toggle"
          panelClassName="dropdown-panel dropdown-end"
          ariaLabel={t('nav.account', { name: nav.name })}
          label={
            <>
              {nav.thumbnail ? (
                <span className="avatar-frame">
                  <img className="avatar" src={nav.thumbnail} alt="" width="32" height="32" data-testid="nav-photo" />
                  {nav.thumbnailPending ? <PendingMark label={t('own_photo.awaiting_check_label')} /> : null}
                </span>
              ) : (
                // Drawn by CSS from the attribute: as text, the initials would be part of what the button
                // shows, and its name ("Account menu of Anna") would not contain "A Anna" (WCAG 2.5.3).
                <span className="avatar avatar-initials" data-initials={nav.initials} aria-hidden="true" />
              )}
              <span className="account-name">{nav.name}</span>
              <ChevronIcon />
            </>
          }
        >
          <ul className="dropdown-list">
            <li>
              <a className="dropdown-item" href={LINKS.profile}>
                <UserIcon />
                <span>
                  {t('nav.profile')}
                  {nav.thumbnailPending ? (
                    <small className="dropdown-note" data-testid="nav-photo-pending-note">
                      {t('own_photo.awaiting_check_label')}
                    </small>
                  ) : null}
                </span>
              </a>
            </li>
            <li>
              <a className="dropdown-item" href={LINKS.settings}>
                <SettingsIcon />
                <span>{t('nav.settings')}</span>
              </a>
            </li>
            <li>
              <LogoutButton className="dropdown-item" />
            </li>
          </ul>
        </Disclosure>
      </li>
    </ul>
  );
}

/**
 * The clock on the member's own thumbnail while the photo waits for its check. Inside the account
 * button, whose label names the member, so the words are a tooltip here and a line in the menu.
 */
function PendingMark({ label }: { label: string }) {
  return (
    <span className="avatar-pending" title={label} data-testid="nav-photo-pending">
      <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M8 4.5V8l2.4 1.6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** A counter badge; the visible text is short ("99+"), the hidden label says what it counts. */
function Badge({ text, tone, label }: { text: string; tone: 'unread' | 'warning' | 'danger'; label: string }) {
  if (!text) return null;
  return (
    <>
      <span className={`badge badge-${tone}`} aria-hidden="true">
        {text}
      </span>
      <span className="visually-hidden">{label}</span>
    </>
  );
}
