import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initials } from '@datekit/runtime/rules/nav';
import type { MemberAnswer } from '@datekit/runtime/stores/member';
import { LINKS } from '../site/links.ts';
import type { MemberProfileProps } from './MemberProfile.tsx';
import MemberProfileActions from './MemberProfileActions.tsx';
import MemberProfileDetails from './MemberProfileDetails.tsx';
import PhotoGallery from './PhotoGallery.tsx';
import { ProfileName } from './FictionalMark.tsx';
import { useMember } from './member.tsx';

type Props = Omit<MemberProfileProps, 'lang'> & { member: MemberAnswer };

/** The back link keeps the search's filters when the member came from the search. */
function searchLink(): string {
  try {
    const from = new URL(document.referrer);
    if (from.origin === location.origin && from.pathname === LINKS.members) return from.pathname + from.search;
  } catch {
    // No referrer, or not a URL: the plain search.
  }
  return LINKS.members;
}

/** A loaded profile: photos beside (from 768px) or above the name, relation, actions and details. */
export default function MemberProfileView({ member, fields, fictionalIcon, fictionalLabel, fictionalWarning }: Props) {
  const { t, i18n } = useTranslation();
  const { profile } = member;
  const fictional = { icon: fictionalIcon, label: fictionalLabel ?? t('members.fictional') };
  const [back] = useState(searchLink);
  const place = profile.city ?? new Intl.DisplayNames([i18n.language], { type: 'region' }).of(profile.country);
  // Her own page: how others see her, with the way to change it instead of like, chat, block, report.
  const own = useMember()?.profile.id === profile.id;

  return (
    <article className="member-profile" aria-labelledby="member-name" data-testid="member-profile">
      <p className="member-back">
        <a href={back}>{t('member.back_to_search')}</a>
      </p>
      <div className="member-media">
        <PhotoGallery photos={member.photos} name={profile.name} initials={initials(profile.name)} />
      </div>
      <div className="member-info">
        <header className="member-head">
          <h1 id="member-name">
            <ProfileName profile={profile} fictional={fictional} />
          </h1>
          <p className="member-meta">
            {place ? t('members.age_city', { age: profile.age, city: place }) : t('members.age', { age: profile.age })}
          </p>
          {(member.match || member.likes_you) && (
            <p className="member-relation" data-testid="member-relation">
              {member.match ? t('member.match') : t('member.likes_you', { name: profile.name })}
            </p>
          )}
        </header>
        {profile.fictional && fictionalWarning && (
          <p className="member-fictional" data-testid="fictional-warning">
            <span aria-hidden="true">{fictional.icon}</span> {t('member.fictional_warning', { name: profile.name })}
          </p>
        )}
        {own ? (
          <div className="member-own" data-testid="member-own">
            <p>{t('portraits.own_view_note')}</p>
            <a className="btn btn-primary" href={LINKS.profile}>
              {t('portraits.own_view_edit')}
            </a>
          </div>
        ) : (
          <MemberProfileActions member={member} />
        )}
        <MemberProfileDetails profile={profile} fields={fields} />
      </div>
    </article>
  );
}
