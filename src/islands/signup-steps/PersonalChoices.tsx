import { useTranslation } from 'react-i18next';
import { PERSONAL_CHOICE_FIELDS, type PersonalChoiceField } from '@datekit/runtime/rules/signup-steps';
import { ChoiceSelect } from './fields.tsx';

export type PersonalChoices = Partial<Record<PersonalChoiceField, string | null>>;

interface Props {
  value: PersonalChoices;
  onChange: (value: PersonalChoices) => void;
  disabled?: boolean;
}

/** The personal choices of the "personal info" step: sexuality, relationship status and body type. */
export function PersonalChoiceFields({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="personal-choices" data-testid="personal-choices">
      <legend>{t('steps.personal_choices')}</legend>
      <div className="choice-grid">
        {PERSONAL_CHOICE_FIELDS.map((field) => (
          <ChoiceSelect
            key={field}
            field={field}
            value={value[field] ?? null}
            disabled={disabled}
            onChange={(next) => onChange({ ...value, [field]: next })}
          />
        ))}
      </div>
    </fieldset>
  );
}
