import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '../../../packages/runtime/routes.ts';
import type { Profile } from '../../../packages/runtime/schemas/api/user.ts';
import { $signupMatches } from '../../../packages/runtime/stores/signup-steps.ts';
import { LINKS } from '../../site/links.ts';
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
  const state = useStore($signupMatches);
  const label = fictionalLabel ?? t('members.fictional');
  if (state.status === 'loading') return <ul className="match-grid" aria-busy="true" />;
  if (state.status === 'failed') return <p className="form-error">{t('matches.failed')}</p>;
  const profiles = state.page.profiles.length ? state.page.profiles : state.page.similar;
  if (!profiles.length) {
    return (
      <p className="matches-empty" data-testid="signup-matches-empty">
        {t('matches.empty')}
      </p>
    );
  }
  return (
    <>
      {state.page.profiles.length === 0 ? <p className="matches-note">{t('matches.similar')}</p> : null}
      <ul className="match-grid" data-testid="signup-matches">
        {profiles.map((profile) => (
          <MatchCard key={profile.id} profile={profile} fictionalIcon={fictionalIcon} fictionalLabel={label} />
        ))}
      </ul>
      {profiles.some((p) => p.fictional) && (
        <p className="matches-note">{t('members.fictional_note', { icon: fictionalIcon })}</p>
      )}
      <p className="matches-more">
        <a className="btn btn-primary btn-lg" href={LINKS.members} data-testid="signup-matches-search">
          {t('matches.go_to_search')}
        </a>
      </p>
    </>
  );
}

function MatchCard({
  profile,
  fictionalIcon,
  fictionalLabel,
}: {
  profile: Profile;
  fictionalIcon: string;
  fictionalLabel: string;
}) {
  const { t } = useTranslation();
  const image = profile.main_image?.status === 'active' ? profile.main_image : null;
  return (
    <li>
      <a className="match-card" href={pathFor('members-id', { id: profile.id })}>
        {image ? (
          <img src={image.thumb_filename} alt="" width="128" height="128" loading="lazy" decoding="async" />
        ) : (
          <span className="match-card-placeholder" aria-hidden="true" />
        )}
        <span className="match-card-name">
          {profile.name}
          {profile.fictional && (
            <span className="match-card-fictional" title={fictionalLabel} data-testid="fictional-marker">
              <span aria-hidden="true"> {fictionalIcon}</span>
              <span className="visually-hidden">{fictionalLabel}</span>
            </span>
          )}
        </span>
        <span className="match-card-meta">
          {profile.city
            ? t('members.age_city', { age: profile.age, city: profile.city })
            : t('members.age', { age: profile.age })}
        </span>
      </a>
    </li>
  );
}
