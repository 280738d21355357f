import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $signupMatches } from '@datekit/runtime/stores/signup-steps';
import { LINKS } from '../../site/links.ts';
import { EAGER_PICTURES } from '@datekit/runtime/rules/search-form';
import { withDelayParam } from '@datekit/runtime/rules/match-modal';
import ProfileCard from '../ProfileCard.tsx';
import { UiProvider } from '../ui.tsx';
import './signup-matches.css';

interface Props {
  lang: string;
  /** The brand's fictional icon and, when the brand overrides it, its label (spec §3 Settings). */
  fictionalIcon: string;
  fictionalLabel: string | undefined;
}

/**
 * /signup-matches: members to meet right after signing up — the first page of the member search with
 * its defaults — as cards linking to their profiles, and the way to the full search. Fictional
 * profiles carry the brand's icon and a label, as everywhere.
 */
export default function SignupMatches(props: Props) {
  return (
    <UiProvider lang={props.lang}>
      <SignupMatchesContent {...props} />
    </UiProvider>
  );
}

function SignupMatchesContent({ fictionalIcon, fictionalLabel }: Props) {
  const { t } = useTranslation();
  // The page's script starts loading before hydration: render the server's 'loading' first, then the answer.
  const state = useStore($signupMatches, { ssr: 'initial' });
  const fictional = { icon: fictionalIcon, label: fictionalLabel };
  if (state.status === 'failed') return <p className="form-error">{t('matches.failed')}</p>;
  if (state.status !== 'ready') return <ul className="match-grid" aria-busy="true" />;
  const page = state.data;
  const profiles = page.profiles.length ? page.profiles : page.similar;
  if (!profiles.length) {
    return (
      <p className="matches-empty" data-testid="signup-matches-empty">
        {t('matches.empty')}
      </p>
    );
  }
  return (
    <>
      {page.profiles.length === 0 ? <p className="matches-note">{t('matches.similar')}</p> : null}
      <ul className="match-grid" data-testid="signup-matches">
        {profiles.map((profile, index) => (
          <li key={profile.id}>
            <ProfileCard profile={profile} fictional={fictional} eager={index < EAGER_PICTURES} />
          </li>
        ))}
      </ul>
      {profiles.some((p) => p.fictional) && (
        <p className="matches-note">{t('members.fictional_note', { icon: fictionalIcon })}</p>
      )}
      <p className="matches-more">
        {/* `?t=1`: on the search, her first like greets her after a second (MatchModal.tsx). */}
        <a
          className="btn btn-primary btn-lg"
          href={withDelayParam(LINKS.members, 1)}
          data-testid="signup-matches-search"
        >
          {t('matches.go_to_search')}
        </a>
      </p>
    </>
  );
}
