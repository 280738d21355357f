import { useTranslation } from 'react-i18next';
import { initials } from '../../packages/runtime/rules/nav.ts';
import { shownImage } from '../../packages/runtime/rules/search-form.ts';
import type { Profile } from '../../packages/runtime/schemas/api/user.ts';
import { pathFor } from '../../packages/runtime/routes.ts';
import './ProfileCard.css';

/** The brand's marker of fictional profiles: its icon, and the label (the brand's own, else the translated one). */
export interface FictionalMarking {
  icon: string;
  label: string;
}

/**
 * The icon beside a fictional profile's name (spec §3 Settings fictional_icon): visible as the icon,
 * read out as the label, so nobody mistakes an illustration for a person.
 */
export function FictionalMark({ marking }: { marking: FictionalMarking }) {
  return (
    <span className="fictional-mark" title={marking.label} data-testid="fictional-marker">
      <span aria-hidden="true">{marking.icon}</span>
      <span className="visually-hidden">{marking.label}</span>
    </span>
  );
}

/** A member's picture: the checked main image, else their initials on the brand's gradient (never a stock face). */
export function ProfilePicture({ profile, size }: { profile: Profile; size: number }) {
  const image = shownImage(profile.main_image);
  if (!image) {
    return (
      <span className="profile-picture profile-picture-empty" aria-hidden="true">
        {initials(profile.name)}
      </span>
    );
  }
  return (
    <img
      className="profile-picture"
      src={image.match}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * One member in a list of results: picture, name with the fictional marker, age and city; the whole
 * card links to the profile. Square pictures at a fixed ratio, so loading images move nothing.
 */
export default function ProfileCard({ profile, fictional }: { profile: Profile; fictional: FictionalMarking }) {
  const { t } = useTranslation();
  return (
    <a className="profile-tile" href={pathFor('members-id', { id: profile.id })} data-testid="profile-card">
      <ProfilePicture profile={profile} size={320} />
      <span className="profile-tile-body">
        <span className="profile-tile-name">
          <span className="profile-tile-name-text">{profile.name}</span>
          {profile.fictional && <FictionalMark marking={fictional} />}
        </span>
        <span className="profile-tile-meta">
          {profile.city
            ? t('members.age_city', { age: profile.age, city: profile.city })
            : t('members.age', { age: profile.age })}
        </span>
      </span>
    </a>
  );
}
