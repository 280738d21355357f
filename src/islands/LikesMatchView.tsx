import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '@datekit/runtime/api/client';
import { pathFor, ROUTES } from '@datekit/runtime/routes';
import { relationOf } from '@datekit/runtime/rules/likes';
import { routeParams } from '@datekit/runtime/rules/route-params';
import { loadMemberRelation } from '@datekit/runtime/stores/likes';
import type { MemberAnswer } from '@datekit/runtime/stores/member';
import { LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import { useHydrated } from './hooks.ts';
import { HeartIcon, MessagesIcon } from './icons.tsx';
import { LikesLikeButton } from './LikesLikeButton.tsx';
import { ProfileName, type FictionalMarking } from './FictionalMark.tsx';
import { ProfileAvatar, profilePhoto } from './LikesProfileCard.tsx';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

const MATCH_VIEW_PATH = ROUTES.find((route) => route.name === 'likes-m-id')!.path;

interface Props {
  lang: string;
  fictionalIcon: string;
  fictionalLabel: string | undefined;
}

/**
 * The match view (/likes/m/{id}): one member's photo and name and how the two stand — "You and X like
 * each other" with a chat link for a match, a like-back button for a like received. Where the match
 * modal's button leads. Opening it clears the new flag of their like (the server does, spec §4).
 */
export default function LikesMatchView({ lang, fictionalIcon, fictionalLabel }: Props) {
  return (
    <UiProvider lang={lang}>
      <MatchViewContent fictional={{ icon: fictionalIcon, label: fictionalLabel }} />
    </UiProvider>
  );
}

type ViewState =
  | { status: 'loading' }
  | { status: 'ready'; relation: MemberAnswer }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/** The id of the URL, or null when it is not a profile id (a route validation failure: not found). */
function idFromLocation(): number | null {
  const id = routeParams(MATCH_VIEW_PATH, location.pathname)?.id;
  return id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

function MatchViewContent({ fictional }: { fictional: FictionalMarking }) {
  const { t } = useTranslation();
  const member = useMember();
  const hydrated = useHydrated();
  const [state, setState] = useState<ViewState>({ status: 'loading' });
  const memberId = member?.profile.id;
  // Known once hydrated: undefined before, null for a path that names no profile id.
  const id = hydrated ? idFromLocation() : undefined;

  useEffect(() => {
    if (memberId === undefined || id === undefined || id === null) return;
    let current = true;
    loadMemberRelation(id).then(
      (relation) => current && setState({ status: 'ready', relation }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && error.code === 'not_found') setState({ status: 'not-found' });
        // blocked_by: the server's sentence, "You're blocked by {name}. You do not have access to this page."
        else setState({ status: 'failed', message: errorText(error, t) });
      },
    );
    return () => {
      current = false;
    };
  }, [memberId, id, t]);

  if (!member) return <MemberPending member={member} />;
  if (state.status === 'loading') {
    return (
      <p className="member-pending" aria-busy="true">
        {t('like_view.loading')}
      </p>
    );
  }
  if (id === null || state.status === 'not-found') {
    return (
      <div className="likes-missing" data-testid="like-view-not-found">
        <p>{t('not_found.title')}</p>
        <a className="btn btn-primary" href={LINKS.likes}>
          {t('like_view.all_likes')}
        </a>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="form-error" role="alert" data-testid="like-view-error">
        {state.message}
      </div>
    );
  }

  const { relation } = state;
  const { profile } = relation;
  const kind = relationOf(relation);
  const photo = profilePhoto(profile, 'match');
  const name = profile.name;
  const profileLink = pathFor('members-id', { id: profile.id });

  return (
    <article className={`like-view is-${kind}`} data-testid="like-view" data-relation={kind}>
      <a className="like-view-photo" href={profileLink} aria-label={t('like_view.profile_label', { name })}>
        {photo ? (
          <img src={photo} alt="" width="320" height="320" />
        ) : (
          <ProfileAvatar profile={profile} className="like-view-avatar" />
        )}
        {kind === 'match' && (
          <span className="like-view-heart" aria-hidden="true">
            <HeartIcon />
          </span>
        )}
      </a>
      <p className="like-view-name">
        <ProfileName profile={profile} fictional={fictional} />
        <span className="like-view-meta">
          {' · '}
          {profile.city
            ? t('members.age_city', { age: profile.age, city: profile.city })
            : t('members.age', { age: profile.age })}
        </span>
      </p>
      <h2 className="like-view-title" data-testid="like-view-title">
        {t(`like_view.${kind}_title`, { name })}
      </h2>
      {relation.blocked ? (
        <p className="like-view-text">{t('like_view.blocked', { name })}</p>
      ) : (
        <p className="like-view-text">{t(`like_view.${kind}_text`, { name })}</p>
      )}
      <div className="like-view-actions">
        {kind === 'match' && !relation.blocked && (
          <a
            className="btn btn-primary btn-lg"
            href={pathFor('members-id-chat', { id: profile.id })}
            data-testid="like-view-chat"
          >
            <MessagesIcon />
            <span>{t('like_view.chat', { name })}</span>
          </a>
        )}
        {!relation.liked && !relation.blocked && (
          <LikesLikeButton
            profile={profile}
            text={t(kind === 'likes_you' ? 'likes_list.like_back' : 'likes_list.like')}
            announce={false}
            className="btn btn-primary btn-lg"
            testId="like-view-like"
            onLiked={(match) =>
              setState({ status: 'ready', relation: { ...relation, liked: true, match: match || relation.match } })
            }
          />
        )}
        <a className="btn btn-ghost" href={profileLink}>
          {t('like_view.profile')}
        </a>
        <a className="btn btn-ghost" href={LINKS.likes}>
          {t('like_view.all_likes')}
        </a>
      </div>
    </article>
  );
}
