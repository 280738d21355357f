import { useStore } from '@nanostores/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryNames } from '@datekit/runtime/rules/legal';
import type { SearchDefaults, SearchField, SearchQuery } from '@datekit/runtime/rules/search-form';
import { isLoginRequired } from '@datekit/runtime/api/client';
import {
  $search,
  $searchLoading,
  $searchQuery,
  configureSearch,
  type SearchState,
} from '@datekit/runtime/stores/search';
import { LINKS } from '../site/links.ts';
import { useHydrated } from './hooks.ts';
import MemberSearchFilters from './MemberSearchFilters.tsx';
import MemberSearchResults from './MemberSearchResults.tsx';
import { UiProvider } from './ui.tsx';
import './MemberSearch.css';

const INITIAL_QUERY: SearchQuery = { page: 1 };
const IDLE: SearchState = { status: 'idle' };

interface Props {
  lang: string;
  /** The brand's name, for the log-in invitation. */
  site: string;
  /** The brand's `search_fields`: which filters show. */
  fields: SearchField[];
  /** The brand's countries, for the country filter. */
  countries: string[];
  /** Their names in the page's language, from the build (`countryNamesOf`). */
  countryNames: CountryNames;
  /** The niche's search defaults: what an empty search shows, and so what the form shows then. */
  defaults: SearchDefaults;
  fictionalIcon: string;
  /** The brand's own label for a fictional profile, when it has one. */
  fictionalLabel: string | undefined;
}

/**
 * The member search (spec §3 search filters): the brand's filters, kept in the URL so that a reload
 * or the back button shows the same search; paged results with their count, and similar members when
 * few match. Visitors of a brand that keeps search for members are invited to log in or sign up.
 */
export default function MemberSearch(props: Props) {
  return (
    <UiProvider lang={props.lang}>
      <MemberSearchContent {...props} />
    </UiProvider>
  );
}

function MemberSearchContent({
  lang,
  site,
  fields,
  countries,
  countryNames,
  defaults,
  fictionalIcon,
  fictionalLabel,
}: Props) {
  // The store reads the URL with the brand's options, so they are set before anything subscribes.
  useState(() => configureSearch({ fields, countries }));
  const storedState = useStore($search);
  const storedQuery = useStore($searchQuery);
  const storedLoading = useStore($searchLoading);
  // Until hydrated, render what the build rendered (no URL, nothing loaded): reading the store already
  // read the URL, and a search in the URL would otherwise not match the prerendered markup.
  const hydrated = useHydrated();
  // The results (and a new search's) render in a transition, in slices a phone's browser can interrupt:
  // a store update alone would render the filters and every card in one long task. The filters and
  // results are memoized, so the urgent render that starts the transition costs nothing.
  const state: SearchState = useDeferredValue(hydrated ? storedState : IDLE);
  const query: SearchQuery = useDeferredValue(hydrated ? storedQuery : INITIAL_QUERY);
  const loading = useDeferredValue(hydrated && storedLoading);
  const options = useMemo(() => ({ fields, countries }), [fields, countries]);
  const fictional = useMemo(() => ({ icon: fictionalIcon, label: fictionalLabel }), [fictionalIcon, fictionalLabel]);

  if (state.status === 'failed' && isLoginRequired(state.error)) return <LoginInvitation site={site} />;
  return (
    <div className="member-search">
      <MemberSearchFilters
        lang={lang}
        options={options}
        countryNames={countryNames}
        defaults={defaults}
        query={query}
      />
      <MemberSearchResults state={state} loading={loading} query={query} fictional={fictional} />
    </div>
  );
}

/** Spec §6: on brands that keep search for members, visitors are asked to log in or sign up. */
function LoginInvitation({ site }: { site: string }) {
  const { t } = useTranslation();
  const back = `${LINKS.login}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <section
      className="search-invitation"
      data-testid="search-login-required"
      aria-labelledby="search-invitation-title"
    >
      <svg className="search-invitation-art" viewBox="0 0 120 96" width="120" height="96" aria-hidden="true">
        <defs>
          <linearGradient id="search-invitation-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="var(--dk-secondary)" />
            <stop offset="1" stopColor="var(--dk-primary)" />
          </linearGradient>
        </defs>
        <circle cx="38" cy="40" r="26" fill="url(#search-invitation-gradient)" opacity="0.9" />
        <circle cx="80" cy="52" r="30" fill="url(#search-invitation-gradient)" opacity="0.55" />
        <circle cx="52" cy="44" r="17" fill="none" stroke="#fff" strokeWidth="6" />
        <path d="m64 57 14 14" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
      </svg>
      <h2 id="search-invitation-title">{t('search.login_title')}</h2>
      <p>{t('search.login_text', { site })}</p>
      <p className="search-invitation-actions">
        <a className="btn btn-primary btn-lg" href={LINKS.signup} data-signup-cta>
          {t('search.signup')}
        </a>
        <a className="btn btn-ghost btn-lg" href={back}>
          {t('nav.login')}
        </a>
      </p>
    </section>
  );
}
