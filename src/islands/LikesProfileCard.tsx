import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '@datekit/runtime/routes';
import { initials } from '@datekit/runtime/rules/nav';
import { shownImage } from '@datekit/runtime/rules/search-form';
import type { Profile } from '@datekit/runtime/schemas/api/user';
import { ProfileName, type FictionalMarking } from './FictionalMark.tsx';
import './LikesProfileCard.css';

/** A checked photo of a member in one of the API's sizes; null while there is none to show. */
export function profilePhoto(profile: Profile, size: 'thumb_filename' | 'match' | 'filename'): string | null {
  return shownImage(profile.main_image)?.[size] ?? null;
}

/**
 * Stands in for a missing photo: the member's initials on the brand's gradient, never a picture of a
 * person (no photos of people anywhere but the members' own).
 */
export function ProfileAvatar({ profile, className }: { profile: Profile; className: string }) {
  return (
    <span className={`${className} profile-avatar`} aria-hidden="true">
      {initials(profile.name)}
    </span>
  );
}

interface Props {
  profile: Profile;
  fictional: FictionalMarking;
  /** A received like not looked at yet: marked "New". */
  isNew?: boolean;
  /** Buttons under the card (like back, chat). */
  children?: ReactNode;
  testId?: string;
}

/** One member in a list of likes or search results: photo, name, age and city, linking to the profile. */
export function LikesProfileCard({ profile, fictional, isNew = false, children, testId }: Props) {
  const { t } = useTranslation();
  const photo = profilePhoto(profile, 'match');
  return (
    <li className={`likes-card${isNew ? ' is-new' : ''}`} data-testid={testId} data-profile-id={profile.id}>
      <a className="likes-card-link" href={pathFor('members-id', { id: profile.id })}>
        <span className="likes-card-media">
          {photo ? (
            <img src={photo} alt="" width="320" height="320" loading="lazy" decoding="async" />
          ) : (
            <ProfileAvatar profile={profile} className="likes-card-avatar" />
          )}
          {isNew && (
            <span className="likes-card-new" data-testid="like-new">
              {t('likes_list.new')}
            </span>
          )}
        </span>
        <span className="likes-card-name">
          <ProfileName profile={profile} fictional={fictional} />
        </span>
        <span className="likes-card-meta">
          {profile.city
            ? t('members.age_city', { age: profile.age, city: profile.city })
            : t('members.age', { age: profile.age })}
        </span>
      </a>
      {children && <div className="likes-card-actions">{children}</div>}
    </li>
  );
}
