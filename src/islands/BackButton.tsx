import { useTranslation } from 'react-i18next';
import { isInstalledApp, showsBackButton } from '@datekit/runtime/rules/nav-visibility';
import { useHydrated } from './hooks.ts';
import { BackIcon } from './icons.tsx';
import { UiProvider } from './ui.tsx';

/**
 * The top navigation's back button (spec §2): an installed app has no browser back button, so the
 * member, likes, credits and payment screens offer one when there is a page to go back to. Renders
 * nothing on the server and in a browser tab.
 */
export default function BackButton({ lang, route }: { lang: string; route: string }) {
  return (
    <UiProvider lang={lang}>
      <BackButtonContent route={route} />
    </UiProvider>
  );
}

function BackButtonContent({ route }: { route: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  const installed = isInstalledApp(
    window.matchMedia('(display-mode: standalone)').matches,
    (navigator as Navigator & { standalone?: boolean }).standalone,
  );
  if (!showsBackButton(route, installed, history.length)) return null;
  return (
    <button
      type="button"
      className="nav-back"
      data-testid="nav-back"
      aria-label={t('nav.back')}
      onClick={() => history.back()}
    >
      <BackIcon />
    </button>
  );
}
