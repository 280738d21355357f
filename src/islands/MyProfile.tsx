import { useTranslation } from 'react-i18next';
import { initials } from '../../packages/runtime/rules/nav.ts';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';

/** The member's own profile card: photo or initials, name, age and city, and whether others see it. */
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
  if (!member) return <MemberPending member={member} />;
  const { profile } = member;
  const image = profile.main_image?.status === 'active' ? profile.main_image : null;
  return (
    <div className="profile-card" data-testid="my-profile">
      {image ? (
        <img className="profile-photo" src={image.thumb_filename} alt="" width="96" height="96" />
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
