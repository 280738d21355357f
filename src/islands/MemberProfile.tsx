import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import {
  $member,
  memberIdFromPath,
  profileFailure,
  reloadMember,
  type ProfileField,
} from '@datekit/runtime/stores/member';
import { pathFor } from '@datekit/runtime/routes';
import { LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import MemberProfileView from './MemberProfileView.tsx';
import { UiProvider } from './ui.tsx';
import './MemberProfile.css';

export interface MemberProfileProps {
  lang: string;
  /** The brand's `visible_profile_fields`, in its order. */
  fields: ProfileField[];
  fictionalIcon: string;
  /** The brand's own label for a fictional profile, when it has one. */
  fictionalLabel: string | undefined;
  /** Whether a fictional profile also says in a sentence that it is not a real person. */
  fictionalWarning: boolean;
}

/**
 * A member's profile (`/members/{id}`, one prerendered shell for every id): photos, the brand's
 * profile fields, and like, chat, block and report. A member who blocked you is shown only the
 * server's message (spec §6, §8); an unknown or hidden member is a page that could not be found.
 */
export default function MemberProfile(props: MemberProfileProps) {
  return (
    <UiProvider lang={props.lang}>
      <MemberProfileContent {...props} />
    </UiProvider>
  );
}

function MemberProfileContent(props: MemberProfileProps) {
  const { t } = useTranslation();
  // Listening opens the member of the page's URL.
  const state = useStore($member);

  if (state.status === 'idle' || state.status === 'loading') return <ProfileSkeleton label={t('member.loading')} />;
  if (state.status === 'ready') return <MemberProfileView {...props} member={state.data} />;
  const failure = profileFailure(state.error);
  switch (failure.kind) {
    case 'blocked_by':
      return (
        <div className="member-state member-blocked-by" data-testid="member-blocked-by">
          <p>{failure.message}</p>
        </div>
      );
    case 'not_found':
      return (
        <div className="member-state" data-testid="not-found">
          <h1>{t('not_found.title')}</h1>
          <p>{t('member.not_found_text')}</p>
          <a className="btn btn-primary" href={LINKS.members}>
            {t('member.back_to_search')}
          </a>
        </div>
      );
    case 'login_required':
      return <LoginInvitation />;
    case 'error':
      return (
        <div className="member-state" role="alert">
          <p>{errorText(failure.error, t)}</p>
          <button type="button" className="btn btn-primary" onClick={() => void reloadMember()}>
            {t('search.retry')}
          </button>
        </div>
      );
  }
}

/** The profile's shape while it loads, so that the page does not jump when it arrives. */
function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className="member-profile member-skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <div className="member-media">
        <span className="member-skeleton-photo" />
      </div>
      <div className="member-info" aria-hidden="true">
        <span className="member-skeleton-line is-title" />
        <span className="member-skeleton-line" />
        <span className="member-skeleton-line is-short" />
      </div>
    </div>
  );
}

/** Spec §6: visitors must log in to see more photos and to like; they are invited to sign up or log in. */
function LoginInvitation() {
  const { t } = useTranslation();
  const id = memberIdFromPath(location.pathname);
  const signup = id === null ? LINKS.signup : pathFor('members-id-signup', { id });
  return (
    <section className="member-state member-invitation" data-testid="member-login-required">
      <h1>{t('member.login_title')}</h1>
      <p>{t('member.login_text')}</p>
      <p className="member-state-actions">
        <a className="btn btn-primary btn-lg" href={signup} data-signup-cta>
          {t('search.signup')}
        </a>
        <a className="btn btn-ghost btn-lg" href={`${LINKS.login}?redirect=${encodeURIComponent(location.pathname)}`}>
          {t('nav.login')}
        </a>
      </p>
    </section>
  );
}
