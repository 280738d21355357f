import { useTranslation } from 'react-i18next';
import { ABOUT_MAX_LENGTH } from '@datekit/runtime/data/profile-choices';
import { TextAreaField } from './fields.tsx';
import { InterestPicker } from './InterestPicker.tsx';

interface Props {
  about: string;
  interests: readonly number[];
  onAbout: (about: string) => void;
  onToggleInterest: (id: number) => void;
  disabled?: boolean;
}

/** "About me": a few sentences and the interests, as the signup, /complete-signup and /profile ask them. */
export function AboutFields({ about, interests, onAbout, onToggleInterest, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextAreaField
        name="about"
        label={t('steps.about_label')}
        hint={t('steps.about_hint')}
        value={about}
        onChange={onAbout}
        maxLength={ABOUT_MAX_LENGTH}
        rows={5}
        disabled={disabled}
      />
      <InterestPicker selected={interests} onToggle={onToggleInterest} disabled={disabled} />
    </>
  );
}
