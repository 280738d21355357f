import { useTranslation } from 'react-i18next';
import type { Profile } from '@datekit/runtime/schemas/api/user';

/** The brand's marker of fictional profiles (spec §3 Settings `fictional_icon`) and its label. */
export interface FictionalMarking {
  icon: string;
  /** The brand's own label (`fictional_singular`); without it the translated default. */
  label?: string;
}

/**
 * The icon beside a fictional profile's name: visible as the icon, read out as the label, so that
 * nobody mistakes an illustration for a person. Styled by `.fictional-mark` in global.css.
 */
export function FictionalMark({ marking }: { marking: FictionalMarking }) {
  const { t } = useTranslation();
  const label = marking.label ?? t('members.fictional');
  return (
    <span className="fictional-mark" title={label} data-testid="fictional-marker">
      <span aria-hidden="true">{marking.icon}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A member's name, followed by the brand's fictional marker when the profile is fictional. */
export function ProfileName({
  profile,
  fictional,
}: {
  profile: Pick<Profile, 'name' | 'fictional'>;
  fictional: FictionalMarking;
}) {
  return (
    <>
      {profile.name}
      {profile.fictional && (
        <>
          {' '}
          <FictionalMark marking={fictional} />
        </>
      )}
    </>
  );
}
