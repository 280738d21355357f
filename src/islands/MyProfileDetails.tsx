import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHOICE_FIELDS, type ChoiceField } from '@datekit/runtime/data/profile-choices';
import { NAME_MAX_LENGTH } from '@datekit/runtime/rules/constants';
import type { OwnProfile, ProfileUpdate } from '@datekit/runtime/schemas/api/profile';
import { Field } from './Field.tsx';
import { ProfileSection } from './MyProfileSection.tsx';
import { ChoiceSelect } from './signup-steps/fields.tsx';

type OptionalChoice = Exclude<ChoiceField, 'gender'>;
const OPTIONAL_CHOICES = CHOICE_FIELDS.filter((field): field is OptionalChoice => field !== 'gender');

/** Name, gender and the profile choices (spec §3), each choice named in the page's language. */
export function MyProfileDetails({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile.name);
  const [gender, setGender] = useState(profile.gender);
  const [choices, setChoices] = useState<Record<OptionalChoice, string | null>>(
    () =>
      Object.fromEntries(OPTIONAL_CHOICES.map((field) => [field, profile[field]])) as Record<
        OptionalChoice,
        string | null
      >,
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  return (
    <ProfileSection
      id="profile-details"
      title={t('my_profile.details_title')}
      testId="profile-details"
      onFieldErrors={setFieldErrors}
      collect={() => {
        if (!name.trim()) return t('my_profile.name_required');
        return { name: name.trim(), ...(gender ? { gender } : {}), ...choices } as ProfileUpdate;
      }}
    >
      <Field
        name="name"
        label={t('signup.name')}
        hint={t('signup.name_hint')}
        autoComplete="nickname"
        maxLength={NAME_MAX_LENGTH}
        value={name}
        error={fieldErrors.name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <ChoiceSelect field="gender" value={gender} required onChange={(value) => setGender(value as typeof gender)} />
      <div className="choice-grid">
        {OPTIONAL_CHOICES.map((field) => (
          <ChoiceSelect
            key={field}
            field={field}
            value={choices[field]}
            onChange={(value) => setChoices((current) => ({ ...current, [field]: value }))}
          />
        ))}
      </div>
    </ProfileSection>
  );
}
