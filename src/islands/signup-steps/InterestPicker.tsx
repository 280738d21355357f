import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERESTS_MAX } from '../../../packages/runtime/data/profile-choices.ts';
import { $interests, loadInterests, type NamedInterest } from '../../../packages/runtime/stores/catalog.ts';
import { InterestIcon } from '../InterestIcon.tsx';
import { Loading } from '../LoadStatus.tsx';

interface Props {
  selected: readonly number[];
  onToggle: (id: number) => void;
  disabled?: boolean;
}

const CATEGORIES = ['hobby', 'intimate'] as const;

/**
 * The interests (spec §3: hobbies and intimate interests, each with an icon) as toggle chips in two
 * groups. The emoji is decoration; the translated name is what assistive technology reads.
 */
export function InterestPicker({ selected, onToggle, disabled }: Props) {
  const { t } = useTranslation();
  const state = useStore($interests);
  useEffect(() => {
    void loadInterests();
  }, []);
  if (state.status === 'failed') return <p className="field-error">{t('steps.interests_failed')}</p>;
  if (state.status !== 'ready') return <Loading />;
  const full = selected.length >= INTERESTS_MAX;
  const groups = CATEGORIES.map((category) => ({
    category,
    interests: state.interests.filter((interest) => interest.category === category),
  }));
  return (
    <fieldset className="field interest-picker" data-testid="interest-picker">
      <legend>{t('steps.interests')}</legend>
      <p className="field-hint" aria-live="polite">
        {t('steps.interests_count', { chosen: selected.length, max: INTERESTS_MAX })}
      </p>
      {groups.map(({ category, interests }) => (
        <div key={category} className="interest-group">
          <p className="interest-group-title">{t(`steps.interests_${category}`)}</p>
          <ul className="interest-chips">
            {interests.map((interest) => (
              <li key={interest.id}>
                <InterestChip
                  interest={interest}
                  pressed={selected.includes(interest.id)}
                  disabled={disabled || (full && !selected.includes(interest.id))}
                  onToggle={onToggle}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </fieldset>
  );
}

function InterestChip({
  interest,
  pressed,
  disabled,
  onToggle,
}: {
  interest: NamedInterest;
  pressed: boolean;
  disabled: boolean | undefined;
  onToggle: (id: number) => void;
}) {
  return (
    <button
      type="button"
      className="interest-chip"
      aria-pressed={pressed}
      disabled={disabled}
      data-interest={interest.slug}
      onClick={() => onToggle(interest.id)}
    >
      <InterestIcon id={interest.id} className="interest-icon" />
      {interest.name}
    </button>
  );
}
