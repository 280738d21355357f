import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '@datekit/runtime/routes';
import { likeItems, type LikeItem } from '@datekit/runtime/rules/likes';
import type { LikesTab } from '@datekit/runtime/rules/likes-tabs';
import { $likes, loadLikes } from '@datekit/runtime/stores/likes';
import { errorText } from './errors.ts';
import { HeartIcon, MessagesIcon } from './icons.tsx';
import { LikesLikeButton } from './LikesLikeButton.tsx';
import type { FictionalMarking } from './FictionalMark.tsx';
import { LikesProfileCard } from './LikesProfileCard.tsx';

/**
 * The members of one likes tab, in the server's order: received likes new first with a "New" marker
 * and a like-back button, sent likes, matches with a chat link. Each card opens the profile.
 */
export function LikesList({ tab, fictional }: { tab: LikesTab; fictional: FictionalMarking }) {
  const { t } = useTranslation();
  const likes = useStore($likes, { ssr: 'initial' });
  const panel = `likes-panel-${tab}`;

  if (likes.status === 'failed') {
    return (
      <div className="form-notice" role="alert" data-testid={panel}>
        <p>{errorText(likes.error, t)}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void loadLikes().catch(() => undefined)}>
          {t('likes_list.retry')}
        </button>
      </div>
    );
  }
  if (likes.status !== 'ready') {
    return (
      <p className="member-pending" aria-busy="true" data-testid={panel}>
        {t('likes_list.loading')}
      </p>
    );
  }

  const items = likeItems(likes.data, tab);
  if (items.length === 0) {
    return (
      <p className="likes-empty" data-testid={panel}>
        {t(`likes.${tab}_empty`)}
      </p>
    );
  }
  return (
    <section data-testid={panel} aria-labelledby={`${panel}-title`}>
      <h2 id={`${panel}-title`} className="visually-hidden">
        {t(`likes.${tab}`)}
      </h2>
      <ul className="likes-grid">
        {items.map((item) => (
          <LikesProfileCard
            key={item.profile.id}
            profile={item.profile}
            fictional={fictional}
            isNew={item.isNew}
            testId="like-item"
          >
            <LikeActions item={item} tab={tab} />
          </LikesProfileCard>
        ))}
      </ul>
    </section>
  );
}

function LikeActions({ item, tab }: { item: LikeItem; tab: LikesTab }) {
  const { t } = useTranslation();
  if (item.match) {
    return (
      <>
        {tab !== 'matches' && (
          <span className="likes-card-tag" data-testid="like-match">
            <HeartIcon />
            {t('likes_list.match')}
          </span>
        )}
        <a className="btn btn-secondary btn-sm" href={pathFor('members-id-chat', { id: item.profile.id })}>
          <MessagesIcon />
          <span>{t('likes_list.chat')}</span>
          <span className="visually-hidden"> {item.profile.name}</span>
        </a>
      </>
    );
  }
  if (tab === 'received' && !item.liked) {
    return <LikesLikeButton profile={item.profile} text={t('likes_list.like_back')} testId="like-back" />;
  }
  return null;
}
