import { memo, useId, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlainActivation } from '@datekit/runtime/rules/lander-intent';
import { SEARCH_SORTS, type SearchSort } from '@datekit/runtime/rules/search';
import {
  EAGER_PICTURES,
  hasNextPage,
  lastPage,
  pageLinks,
  resultCount,
  searchQueryString,
  type SearchQuery,
} from '@datekit/runtime/rules/search-form';
import type { SearchProfile } from '@datekit/runtime/schemas/api/members';
import { loadedData } from '@datekit/runtime/stores/loadable';
import { goToPage, loadSearch, search, type SearchAnswer, type SearchState } from '@datekit/runtime/stores/search';
import { LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import type { FictionalMarking } from './FictionalMark.tsx';
import ProfileCard from './ProfileCard.tsx';

interface Props {
  state: SearchState;
  /** A search on its way: what `state` holds is the previous one's, shown dimmed. */
  loading: boolean;
  query: SearchQuery;
  fictional: FictionalMarking;
}

/** Placeholder cards while the first answer loads: the grid keeps its size, so nothing jumps when it arrives. */
const SKELETON_CARDS = 8;

/**
 * The results of the search: their count ("1000+" above the cap), the members of this page, links to
 * the other pages, and similar members when only a few match (spec §3).
 */
function MemberSearchResults({ state, loading, query, fictional }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = loadedData(state) ?? null;
  const busy = loading || state.status === 'loading' || state.status === 'idle';

  async function showPage(event: MouseEvent<HTMLAnchorElement>, page: number) {
    if (!isPlainActivation(event.nativeEvent)) return;
    event.preventDefault();
    await goToPage(page);
    // The new page starts at the top of the results, and so does a screen reader.
    heading.current?.focus();
  }

  const anyFictional = answer ? [...answer.profiles, ...answer.similar].some((p) => p.fictional) : false;

  return (
    <section className="search-results" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <div className="search-results-head">
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {t('search.results')}
        </h2>
        <p className="search-count" role="status" data-testid="search-count">
          {answer ? countText(answer, t) : busy ? t('search.loading') : ''}
        </p>
        <SortChoice answer={answer} query={query} />
      </div>

      {state.status === 'failed' && !busy && (
        <div className="form-error search-failed" role="alert">
          <span>{errorText(state.error, t)}</span>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => void loadSearch()}>
            {t('search.retry')}
          </button>
        </div>
      )}

      {!answer && busy && (
        <ul className="search-grid is-skeleton" aria-hidden="true">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <li key={i}>
              <span className="profile-tile">
                <span className="profile-picture" />
                <span className="profile-tile-body">
                  <span className="skeleton-line" />
                  <span className="skeleton-line is-short" />
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}

      {answer && (
        <div className={busy ? 'search-answer is-stale' : 'search-answer'}>
          {answer.profiles.length > 0 ? (
            <CardGrid profiles={answer.profiles} fictional={fictional} testId="search-results" />
          ) : (
            answer.similar.length === 0 && (
              <div className="search-empty" data-testid="search-empty">
                <p className="search-empty-title">{t('search.empty')}</p>
                <p>{t('search.empty_hint')}</p>
              </div>
            )
          )}
          <Pages answer={answer} query={query} onPage={showPage} />
          {answer.similar.length > 0 && (
            <section className="search-similar" aria-labelledby={`${id}-similar`}>
              <h3 id={`${id}-similar`}>{t('search.similar_title')}</h3>
              <p>{answer.profiles.length ? t('search.similar_text') : t('search.similar_text_none')}</p>
              <CardGrid profiles={answer.similar} fictional={fictional} testId="similar-members" />
            </section>
          )}
          {anyFictional && <p className="search-note">{t('members.fictional_note', { icon: fictional.icon })}</p>}
        </div>
      )}
    </section>
  );
}

/**
 * Newest or nearest first. A member whose town is unknown is shown the way to it instead, since there
 * is nothing to measure from, and a visitor the way to an account. The place is kept while the first
 * answer loads, so the results below do not move when it arrives.
 */
function SortChoice({ answer, query }: { answer: SearchAnswer | null; query: SearchQuery }) {
  const { t } = useTranslation();
  const id = useId();
  if (!answer) return <span className="search-sort" />;
  if (answer.nearest !== 'available') {
    const member = answer.nearest === 'needs_town';
    return (
      <span className="search-sort">
        <a href={member ? LINKS.profile : LINKS.signup} data-testid="search-needs-town">
          {t(member ? 'search.needs_town' : 'search.sort_signup')}
        </a>
      </span>
    );
  }
  return (
    <span className="search-sort">
      <label htmlFor={id}>{t('search.sort')}</label>
      <select
        id={id}
        value={query.sort ?? 'newest'}
        onChange={(event) => void search({ ...query, sort: event.target.value as SearchSort, page: 1 })}
        data-testid="search-sort"
      >
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`search.sort_${sort}`)}
          </option>
        ))}
      </select>
    </span>
  );
}

function countText(answer: SearchAnswer, t: ReturnType<typeof useTranslation>['t']): string {
  const { count, more } = resultCount(answer.total, answer.total_capped);
  return more ? t('search.count_more', { total: count }) : t('search.count', { count });
}

function CardGrid({
  profiles,
  fictional,
  testId,
}: {
  profiles: SearchProfile[];
  fictional: FictionalMarking;
  testId: string;
}) {
  return (
    <ul className="search-grid" data-testid={testId}>
      {profiles.map((profile, index) => (
        <li key={profile.id}>
          <ProfileCard profile={profile} fictional={fictional} eager={index < EAGER_PICTURES} />
        </li>
      ))}
    </ul>
  );
}

/** Links to the pages of results: real links (they open in a new tab too), followed in place on a plain click. */
function Pages({
  answer,
  query,
  onPage,
}: {
  answer: SearchAnswer;
  query: SearchQuery;
  onPage: (event: MouseEvent<HTMLAnchorElement>, page: number) => void;
}) {
  const { t } = useTranslation();
  const { page, page_size: size, total, total_capped: capped } = answer;
  const shown = answer.profiles.length;
  const last = lastPage(page, size, total, capped, shown);
  if (last <= 1 && page <= 1) return null;
  const next = hasNextPage(page, size, total, capped, shown);
  const href = (target: number) => `${LINKS.members}${searchQueryString({ ...query, page: target }, location.search)}`;
  return (
    <nav className="search-pages" aria-label={t('search.pages')} data-testid="search-pages">
      {page > 1 ? (
        <a className="search-page-step" href={href(page - 1)} rel="prev" onClick={(e) => onPage(e, page - 1)}>
          {t('search.previous')}
        </a>
      ) : (
        <span className="search-page-step" aria-disabled="true">
          {t('search.previous')}
        </span>
      )}
      <ol className="search-page-list">
        {pageLinks(page, last, capped && next).map((link, i) =>
          link === 'gap' ? (
            <li key={`gap-${i}`} className="search-page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={link}>
              <a
                className="search-page"
                href={href(link)}
                aria-current={link === page ? 'page' : undefined}
                aria-label={t('search.page', { page: link })}
                onClick={(e) => onPage(e, link)}
              >
                {link}
              </a>
            </li>
          ),
        )}
      </ol>
      {next ? (
        <a className="search-page-step" href={href(page + 1)} rel="next" onClick={(e) => onPage(e, page + 1)}>
          {t('search.next')}
        </a>
      ) : (
        <span className="search-page-step" aria-disabled="true">
          {t('search.next')}
        </span>
      )}
    </nav>
  );
}

export default memo(MemberSearchResults);
