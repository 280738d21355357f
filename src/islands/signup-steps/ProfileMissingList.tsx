import { useTranslation } from 'react-i18next';
import type { MissingStep } from '@datekit/runtime/rules/profile-completeness';

/**
 * What the profile lacks to be complete (`missingSteps`), named the same way on My profile and on
 * /complete-signup, so that neither promises what the other does not ask.
 */
export function ProfileMissingList({ missing }: { missing: readonly MissingStep[] }) {
  const { t } = useTranslation();
  return (
    <ul className="profile-missing-list" data-testid="profile-missing-list">
      {missing.map((step) => (
        <li key={step} data-missing={step}>
          {t(`completeness.${step}`)}
        </li>
      ))}
    </ul>
  );
}
