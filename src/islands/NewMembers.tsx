import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@datekit/runtime/schemas/api/user';
import { $newMembers } from '@datekit/runtime/stores/new-members';
import { ProfileName, type FictionalMarking } from './FictionalMark.tsx';
import { UiProvider } from './ui.tsx';

interface Props {
  lang: string;
  /** The brand's fictional icon and, when the brand overrides it, its label (spec §3 Settings). */
  fictionalIcon: string;
  fictionalLabel: string | undefined;
}

/**
 * The home page's newest members. Fictional profiles always carry the brand's fictional icon and a
 * label, so nobody mistakes an illustration for a person. Hydrates when scrolled into view.
 */
export default function NewMembers(props: Props) {
  return (
    <UiProvider lang={props.lang}>
      <NewMembersContent {...props} />
    </UiProvider>
  );
}

function NewMembersContent({ fictionalIcon, fictionalLabel }: Props) {
  const { t } = useTranslation();
  const state = useStore($newMembers);
  const fictional = { icon: fictionalIcon, label: fictionalLabel };
  if (state.status === 'failed') return <p className="new-members-note">{t('members.new_failed')}</p>;
  if (state.status !== 'ready') return <ul className="new-members-grid" aria-busy="true" />;
  const profiles = state.data;
  if (!profiles.length) return <p className="new-members-note">{t('members.new_empty')}</p>;
  const anyFictional = profiles.some((p) => p.fictional);
  return (
    <>
      <ul className="new-members-grid" data-testid="new-members">
        {profiles.map((profile) => (
          <MemberCard key={profile.id} profile={profile} fictional={fictional} />
        ))}
      </ul>
      {anyFictional && <p className="new-members-note">{t('members.fictional_note', { icon: fictionalIcon })}</p>}
    </>
  );
}

function MemberCard({ profile, fictional }: { profile: Profile; fictional: FictionalMarking }) {
  const { t } = useTranslation();
  return (
    <li className="member-card">
      {profile.main_image ? (
        <img src={profile.main_image.thumb_filename} alt="" width="128" height="128" loading="lazy" decoding="async" />
      ) : (
        <span className="member-card-placeholder" aria-hidden="true" />
      )}
      <span className="member-card-name">
        <ProfileName profile={profile} fictional={fictional} />
      </span>
      <span className="member-card-meta">
        {profile.city
          ? t('members.age_city', { age: profile.age, city: profile.city })
          : t('members.age', { age: profile.age })}
      </span>
    </li>
  );
}
