import { useStore } from '@nanostores/react';
import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { memberSearchHref, type FinderQuery } from '@datekit/runtime/rules/match-finder';
import type { LikesData } from '@datekit/runtime/rules/likes';
import { SIMILAR_AGE_SLACK } from '@datekit/runtime/rules/search';
import type { Profile } from '@datekit/runtime/schemas/api/user';
import { $likes } from '@datekit/runtime/stores/likes';
import { findMembers, type SearchAnswer } from '@datekit/runtime/stores/search';
import { errorText } from './errors.ts';
import { HeartIcon } from './icons.tsx';
import { LikesLikeButton } from './LikesLikeButton.tsx';
import type { FictionalMarking } from './FictionalMark.tsx';
import { LikesProfileCard } from './LikesProfileCard.tsx';

type ResultsState =
  { status: 'loading' } | { status: 'ready'; answer: SearchAnswer } | { status: 'failed'; message: string };

interface Props {
  query: FinderQuery;
  fictional: FictionalMarking;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChange: () => void;
}

/**
 * The finder's result: the first page of the member search with the answers as filters, how many
 * match, similar members when few do (the server widens the search for those, and the screen says
 * so), a like button on each, and the same search in the member search page.
 */
export function MatchFinderResults({ query, fictional, headingRef, onChange }: Props) {
  const { t } = useTranslation();
  const likes = useStore($likes, { ssr: 'initial' });
  const key = JSON.stringify(query);
  // The answer of one search: another query shows "searching" until its own answer is in.
  const [result, setResult] = useState<{ key: string; state: ResultsState } | null>(null);
  const state: ResultsState = result?.key === key ? result.state : { status: 'loading' };

  useEffect(() => {
    let current = true;
    findMembers({ ...(JSON.parse(key) as FinderQuery) }).then(
      (answer) => current && setResult({ key, state: { status: 'ready', answer } }),
      (error: unknown) => current && setResult({ key, state: { status: 'failed', message: errorText(error, t) } }),
    );
    return () => {
      current = false;
    };
  }, [key, t]);

  useEffect(() => {
    if (state.status === 'ready') headingRef.current?.focus();
  }, [state.status, headingRef]);

  const known = likes.status === 'ready' ? likes.data : null;
  const actions = (profile: Profile) => <ResultActions profile={profile} likes={known} />;

  return (
    <section className="finder-results" data-testid="finder-results" aria-busy={state.status === 'loading'}>
      {state.status === 'loading' && <p className="member-pending">{t('match_finder.searching')}</p>}
      {state.status === 'failed' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <h2 ref={headingRef} tabIndex={-1} className="finder-results-title" data-testid="finder-total">
            {state.answer.total === 0
              ? t('match_finder.results_none')
              : state.answer.total_capped
                ? t('match_finder.results_capped', { total: state.answer.total })
                : t('match_finder.results', { count: state.answer.total })}
          </h2>
          {state.answer.profiles.length > 0 && (
            <ul className="likes-grid">
              {state.answer.profiles.map((profile) => (
                <LikesProfileCard key={profile.id} profile={profile} fictional={fictional} testId="finder-result">
                  {actions(profile)}
                </LikesProfileCard>
              ))}
            </ul>
          )}
          {state.answer.similar.length > 0 && (
            <>
              <h3 className="finder-similar-title">{t('match_finder.similar')}</h3>
              <p className="field-hint">{t('match_finder.similar_note', { years: SIMILAR_AGE_SLACK })}</p>
              <ul className="likes-grid">
                {state.answer.similar.map((profile) => (
                  <LikesProfileCard key={profile.id} profile={profile} fictional={fictional} testId="finder-similar">
                    {actions(profile)}
                  </LikesProfileCard>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <div className="finder-nav">
        <button type="button" className="btn btn-ghost" onClick={onChange} data-testid="finder-change">
          {t('match_finder.change')}
        </button>
        <a className="btn btn-secondary" href={memberSearchHref(query)}>
          {t('match_finder.open_search')}
        </a>
      </div>
    </section>
  );
}

function ResultActions({ profile, likes }: { profile: Profile; likes: LikesData | null }) {
  const { t } = useTranslation();
  if (likes?.matches.includes(profile.id)) {
    return (
      <span className="likes-card-tag">
        <HeartIcon />
        {t('likes_list.match')}
      </span>
    );
  }
  if (likes?.likes.some((like) => like.id === profile.id)) {
    return <span className="likes-card-tag is-liked">{t('likes_list.liked')}</span>;
  }
  const likesYou = likes?.liked_by.some((like) => like.id === profile.id) ?? false;
  return (
    <LikesLikeButton
      profile={profile}
      text={t(likesYou ? 'likes_list.like_back' : 'likes_list.like')}
      testId="finder-like"
    />
  );
}
