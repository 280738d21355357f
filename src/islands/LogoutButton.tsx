import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '@datekit/runtime/stores/user';
import { LINKS } from '../site/links.ts';
import { LogoutIcon } from './icons.tsx';

/** Ends the session and goes to the home page, which then shows the visitor's navigation. */
export default function LogoutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function onClick() {
    setBusy(true);
    setFailed(false);
    try {
      await logout();
      window.location.assign(LINKS.home);
    } catch {
      setBusy(false);
      setFailed(true);
    }
  }

  return (
    <button
      type="button"
      className={className}
      data-testid="nav-logout"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void onClick()}
    >
      <LogoutIcon />
      <span>{failed ? t('nav.logout_failed') : t('nav.logout')}</span>
    </button>
  );
}
