import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES } from '@datekit/runtime/data/locales';
import { LANGUAGE_COOKIE_NAME } from '@datekit/runtime/rules/constants';
import { $operator, loadOperator, operatorLogout, operatorMay } from '@datekit/runtime/stores/operator/session';
import { UiProvider } from '../ui.tsx';

/** The console's pages and the permission each needs (the server checks again on every call). */
const LINKS = [
  { href: '/', label: 'op.nav.home', permission: null },
  { href: '/photos', label: 'op.nav.photos', permission: 'photos.moderate' },
  { href: '/reports', label: 'op.nav.reports', permission: 'reports.handle' },
  { href: '/members', label: 'op.nav.members', permission: 'members.read' },
  { href: '/payments', label: 'op.nav.payments', permission: 'payments.read' },
  { href: '/codes', label: 'op.nav.codes', permission: 'discounts.read' },
  { href: '/postbacks', label: 'op.nav.postbacks', permission: 'postbacks.read' },
  { href: '/audit', label: 'op.nav.audit', permission: 'audit.read' },
  { href: '/dashboard', label: 'op.nav.dashboard', permission: 'dashboard.read' },
  { href: '/campaigns', label: 'op.nav.campaigns', permission: 'campaigns.read' },
  { href: '/experiments', label: 'op.nav.experiments', permission: 'campaigns.read' },
] as const;

export default function OperatorNav({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <Nav lang={lang} />
    </UiProvider>
  );
}

function Nav({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const operator = useStore($operator);
  useEffect(() => {
    loadOperator()
      .then((me) => {
        if (!me) window.location.assign('/login');
      })
      .catch(() => undefined);
  }, []);
  const here = typeof window === 'undefined' ? '' : window.location.pathname.replace(/\/$/, '') || '/';

  function setLanguage(value: string) {
    document.cookie = `${LANGUAGE_COOKIE_NAME}=${value}; path=/; max-age=31536000; samesite=lax`;
    window.location.reload();
  }

  return (
    <nav className="op-nav" aria-label={t('op.title')}>
      <strong>{t('op.title')}</strong>
      {LINKS.filter((link) => link.permission === null || operatorMay(operator, link.permission)).map((link) => (
        <a key={link.href} href={link.href} aria-current={here === link.href ? 'page' : undefined}>
          {t(link.label)}
        </a>
      ))}
      <span className="op-nav-end">
        {operator && (
          <span data-testid="op-whoami">
            {operator.email} · {t(`op.role.${operator.role}`)}
          </span>
        )}
        <label>
          <select value={lang} onChange={(e) => setLanguage(e.target.value)} aria-label={t('op.nav.language')}>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {LOCALE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void operatorLogout().then(() => window.location.assign('/login'))}>
          {t('op.nav.logout')}
        </button>
      </span>
    </nav>
  );
}
