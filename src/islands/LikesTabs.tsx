import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../packages/runtime/routes.ts';
import { LIKES_TABS, likesTab, type LikesTab } from '../../packages/runtime/rules/likes-tabs.ts';
import { routeParams } from '../../packages/runtime/rules/route-params.ts';
import { LINKS, likesTabLink } from '../site/links.ts';
import { useHydrated } from './hooks.ts';
import { UiProvider } from './ui.tsx';

const LIKES_TYPE_PATH = ROUTES.find((route) => route.name === 'likes-type')!.path;

/**
 * The tabs of the likes screen (spec §2: received, sent, matches). One prerendered shell serves every
 * `/likes/{type}`, so the tab comes from the URL; an unknown type is a page that could not be found.
 */
export default function LikesTabs({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <LikesTabsContent />
    </UiProvider>
  );
}

/** The tab the URL names: /likes opens the default one; null for an unknown /likes/{type}. */
function tabFromLocation(): LikesTab | null {
  const params = routeParams(LIKES_TYPE_PATH, location.pathname);
  return likesTab(params?.type);
}

function LikesTabsContent() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const current = hydrated ? tabFromLocation() : undefined;

  if (current === null) {
    return (
      <div className="likes-missing" data-testid="likes-not-found">
        <p>{t('not_found.title')}</p>
        <a className="btn btn-primary" href={LINKS.likes}>
          {t('likes.tabs')}
        </a>
      </div>
    );
  }

  return (
    <div className="likes">
      <nav className="tabs" aria-label={t('likes.tabs')}>
        {LIKES_TABS.map((tab) => (
          <a
            key={tab}
            className="tab"
            href={likesTabLink(tab)}
            aria-current={tab === current ? 'page' : undefined}
            data-testid={`likes-tab-${tab}`}
          >
            {t(`likes.${tab}`)}
          </a>
        ))}
      </nav>
      {current && (
        <p className="likes-empty" data-testid={`likes-panel-${current}`}>
          {t(`likes.${current}_empty`)}
        </p>
      )}
    </div>
  );
}
