import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnProfile } from '@datekit/runtime/schemas/api/profile';
import { LocationPicker, locationUpdate, savedLocation } from './LocationPicker.tsx';
import { ProfileSection } from './MyProfileSection.tsx';

/** Where the member lives, with the same picker as the signup. */
export function MyProfileLocation({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => savedLocation(profile));
  return (
    <ProfileSection
      id="profile-location"
      title={t('my_profile.location_title')}
      testId="profile-location"
      collect={() => locationUpdate(value)}
    >
      <LocationPicker value={value} onChange={setValue} />
    </ProfileSection>
  );
}
