import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { initials } from '@datekit/runtime/rules/nav';
import { ownMainPhoto } from '@datekit/runtime/rules/own-main-photo';
import { pathFor } from '@datekit/runtime/routes';
import type { User } from '@datekit/runtime/schemas/api/user';
import { $ownProfile } from '@datekit/runtime/stores/profile';
import { LoadFailed } from './LoadStatus.tsx';
import { MemberPending, useMember } from './member.tsx';
import { MyProfileAbout } from './MyProfileAbout.tsx';
import { MyProfileDetails } from './MyProfileDetails.tsx';
import { MyProfileLocation } from './MyProfileLocation.tsx';
import { MyProfileVisibility } from './MyProfileVisibility.tsx';
import { PhotoManager } from './PhotoManager.tsx';
import { Skeleton, SkeletonLine } from './Skeleton.tsx';
import { ProfileMissingList } from './signup-steps/ProfileMissingList.tsx';
import { UiProvider } from './ui.tsx';
import './signup-steps/signup-steps.css';
import './own-photo.css';
import './signup-steps/my-profile.css';

/**
 * The member's own profile (/profile): how others see it, the photos, about me and interests, the
 * profile choices, where they live, and invisible mode. Each part saves on its own.
 */
export default function MyProfile({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <MyProfileContent />
    </UiProvider>
  );
}

function MyProfileContent() {
  const { t } = useTranslation();
  const member = useMember();
  const state = useStore($ownProfile, { ssr: () => ({ status: 'loading' as const }) });
  if (member === null) return <MemberPending member={member} />;
  // What is missing comes with the member already: the notice need not wait for the profile.
  const missing = state.status === 'ready' ? state.data.missing : (member?.profile_missing ?? []);
  // Until the member and their profile arrive (and in the server render) the sections are drawn with
  // placeholders of their size: nothing moves when they come.
  return (
    <div className="my-profile">
      <section className="panel">{member ? <ProfileSummary member={member} /> : <ProfileSummarySkeleton />}</section>
      <section className="panel profile-section" aria-labelledby="profile-photos">
        <h2 id="profile-photos">{t('photos.title')}</h2>
        <PhotoManager />
      </section>
      {/* Above the forms that fill it in, and below the fold of a phone: when it arrives with the
          member it pushes down only what is below the screen's edge. */}
      {missing.length > 0 ? (
        <div className="notice notice-warning profile-missing" data-testid="profile-missing">
          <p>{t('my_profile.missing')}</p>
          <ProfileMissingList missing={missing} />
          <a href={pathFor('complete-signup')}>{t('my_profile.missing_link')}</a>
        </div>
      ) : null}
      {state.status === 'loading' || state.status === 'idle' ? (
        // The forms below are longer than any screen: their room need only reach past its bottom edge.
        <Skeleton className="panel my-profile-forms-skeleton">
          <SkeletonLine width="40%" />
        </Skeleton>
      ) : null}
      {state.status === 'failed' ? <LoadFailed error={state.error} /> : null}
      {state.status === 'ready' ? (
        // Keyed by the profile: the forms start from what the server holds.
        <div key={state.data.id} className="my-profile-forms">
          <MyProfileAbout profile={state.data} />
          <MyProfileDetails profile={state.data} />
          <MyProfileLocation profile={state.data} />
          <MyProfileVisibility profile={state.data} />
        </div>
      ) : null}
    </div>
  );
}

/** The summary's shape while the member loads: the picture's circle, name, age and the visibility line. */
function ProfileSummarySkeleton() {
  const { t } = useTranslation();
  return (
    <Skeleton className="profile-card">
      <span className="profile-photo skeleton-box" />
      <div>
        <SkeletonLine className="profile-name" width="9rem" />
        <SkeletonLine className="profile-meta" width="7rem" />
        {/* Most members are visible: the sentence's own shape, so it wraps as the real one will. */}
        <p className="profile-status">
          <span className="skeleton-text">{t('profile.visible')}</span>
        </p>
      </div>
    </Skeleton>
  );
}

/**
 * Photo or initials, name, age and city, and whether others see the profile. The member sees their own
 * photo while it waits for the check, marked so (nobody else gets it until it is approved).
 */
function ProfileSummary({ member }: { member: User }) {
  const { t } = useTranslation();
  const { profile } = member;
  const photo = ownMainPhoto(profile.main_image);
  return (
    <div className="profile-card" data-testid="my-profile">
      {photo ? (
        <figure className={photo.pending ? 'profile-photo-frame is-pending' : 'profile-photo-frame'}>
          <img className="profile-photo" src={photo.src} alt="" width="96" height="96" data-testid="my-profile-photo" />
          {photo.pending ? (
            <figcaption className="profile-photo-pending" data-testid="my-profile-photo-pending">
              <strong>{t('own_photo.awaiting_check')}</strong>
              <span>{t('own_photo.awaiting_check_hint')}</span>
            </figcaption>
          ) : null}
        </figure>
      ) : (
        <span className="profile-photo avatar-initials" aria-hidden="true">
          {initials(profile.name)}
        </span>
      )}
      <div>
        <p className="profile-name">{profile.name}</p>
        <p className="profile-meta">
          {profile.city
            ? t('members.age_city', { age: profile.age, city: profile.city })
            : t('members.age', { age: profile.age })}
        </p>
        <p className={profile.status === 'active' ? 'profile-status' : 'profile-status is-hidden'}>
          {profile.status === 'active' ? t('profile.visible') : t('profile.hidden')}
        </p>
      </div>
    </div>
  );
}
