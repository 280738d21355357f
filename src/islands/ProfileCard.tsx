import { useTranslation } from 'react-i18next';
import { initials } from '@datekit/runtime/rules/nav';
import { NEARBY_KM } from '@datekit/runtime/rules/search';
import { shownImage } from '@datekit/runtime/rules/search-form';
import type { SearchProfile } from '@datekit/runtime/schemas/api/members';
import type { Profile } from '@datekit/runtime/schemas/api/user';
import { pathFor } from '@datekit/runtime/routes';
import { CardPhotoSteps, CardPhotoStrip, morePhotos, useCardPhotos } from './CardPhotos.tsx';
import { FictionalMark, type FictionalMarking } from './FictionalMark.tsx';
import './ProfileCard.css';

/**
 * A member's picture: the checked main image, else their initials on the brand's gradient (never a stock
 * face). `eager` for the pictures a phone shows first: a lazy image there is the page's largest
 * contentful paint, and lazy loading delays it by seconds.
 */
export function ProfilePicture({ profile, size, eager = false }: { profile: Profile; size: number; eager?: boolean }) {
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
      loading={eager ? 'eager' : 'lazy'}
      decoding={eager ? 'sync' : 'async'}
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

/** A card's member: a profile, and in search's results also her distance and photos. */
type CardProfile = Profile & Partial<Pick<SearchProfile, 'distance_km' | 'photos'>>;

/**
 * One member in a list of results: picture, name with the fictional marker, age, town and distance;
 * the whole card links to the profile. Square pictures at a fixed ratio, so loading images move
 * nothing. With more than one photo to show, the picture is a strip to page through (`CardPhotos`).
 */
export default function ProfileCard({
  profile,
  fictional,
  eager = false,
}: {
  profile: CardProfile;
  fictional: FictionalMarking;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const more = profile.photos ? morePhotos({ main_image: profile.main_image, photos: profile.photos }) : [];
  const gallery = useCardPhotos();
  const picture = <ProfilePicture profile={profile} size={320} eager={eager} />;
  const distance = profile.distance_km ?? null;
  return (
    <div className="profile-card-frame">
      <a className="profile-tile" href={pathFor('members-id', { id: profile.id })} data-testid="profile-card">
        {more.length > 0 ? <CardPhotoStrip first={picture} photos={more} {...gallery} /> : picture}
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
          {distance !== null && (
            <span className="profile-tile-distance" data-testid="profile-distance">
              {distance < NEARBY_KM ? t('search.distance_near') : t('search.distance', { km: distance })}
            </span>
          )}
        </span>
      </a>
      {more.length > 0 && <CardPhotoSteps index={gallery.index} total={more.length + 1} show={gallery.show} />}
    </div>
  );
}
