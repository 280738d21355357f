import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toggleInterest } from '@datekit/runtime/rules/signup-steps';
import type { OwnProfile } from '@datekit/runtime/schemas/api/profile';
import { ProfileSection } from './MyProfileSection.tsx';
import { AboutFields } from './signup-steps/AboutFields.tsx';

/** About me and interests; an empty text clears it. */
export function MyProfileAbout({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [about, setAbout] = useState(profile.about ?? '');
  const [interests, setInterests] = useState<number[]>(profile.interests);
  return (
    <ProfileSection
      id="profile-about"
      title={t('my_profile.about_title')}
      testId="profile-about"
      collect={() => ({ about: about.trim() || null, interests })}
    >
      <AboutFields
        about={about}
        interests={interests}
        onAbout={setAbout}
        onToggleInterest={(id) => setInterests((current) => toggleInterest(current, id))}
      />
    </ProfileSection>
  );
}
