import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@datekit/runtime/routes';
import { likeItems, type LikesData } from '@datekit/runtime/rules/likes';
import { LIKES_TABS, likesTab, type LikesTab } from '@datekit/runtime/rules/likes-tabs';
import { routeParams } from '@datekit/runtime/rules/route-params';
import { $likes } from '@datekit/runtime/stores/likes';
import { LINKS, likesTabLink } from '../site/links.ts';
import { useHydrated } from './hooks.ts';
import { LikesList } from './LikesList.tsx';
import type { FictionalMarking } from './FictionalMark.tsx';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

const LIKES_TYPE_PATH = ROUTES.find((route) => route.name === 'likes-type')!.path;

interface Props {
  lang: string;
  /** The brand's fictional icon and, when the brand overrides it, its label (spec §3 Settings). */
  fictionalIcon: string;
  fictionalLabel: string | undefined;
}

/**
 * The likes screen (spec §2: tabs received, sent, matches). One prerendered shell serves every
 * `/likes/{type}`, so the tab comes from the URL; an unknown type is a page that could not be found.
 */
export default function LikesTabs({ lang, fictionalIcon, fictionalLabel }: Props) {
  return (
    <UiProvider lang={lang}>
      <LikesTabsContent fictional={{ icon: fictionalIcon, label: fictionalLabel }} />
    </UiProvider>
  );
}

/** The tab the URL names: /likes opens the default one; null for an unknown /likes/{type}. */
function tabFromLocation(): LikesTab | null {
  const params = routeParams(LIKES_TYPE_PATH, location.pathname);
  return likesTab(params?.type);
}

function tabCount(data: LikesData, tab: LikesTab): number {
  return likeItems(data, tab).length;
}

function LikesTabsContent({ fictional }: { fictional: FictionalMarking }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const likes = useStore($likes, { ssr: 'initial' });
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
            <span>
              {t(`likes.${tab}`)}{' '}
              {/* The count's box has its room from the first paint on (likes-tab-count's min-width),
                  whatever the font's glyphs, so its arrival moves no tab. */}
              {likes.status === 'ready' ? (
                <span className="likes-tab-count" data-testid={`likes-count-${tab}`}>
                  {tabCount(likes.data, tab)}
                </span>
              ) : (
                <span className="likes-tab-count" aria-hidden="true" />
              )}
            </span>
          </a>
        ))}
      </nav>
      {/* The panel keeps a phone screen's room while the likes load: what follows does not jump. */}
      <div className="likes-panel">{current && <LikesPanel tab={current} fictional={fictional} />}</div>
    </div>
  );
}

function LikesPanel({ tab, fictional }: { tab: LikesTab; fictional: FictionalMarking }) {
  const member = useMember();
  if (!member) {
    return (
      <div data-testid={`likes-panel-${tab}`}>
        <MemberPending member={member} />
      </div>
    );
  }
  return <LikesList tab={tab} fictional={fictional} />;
}
