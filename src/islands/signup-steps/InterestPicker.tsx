import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEREST_GROUPS, interestMatches, POPULAR_INTERESTS } from '@datekit/runtime/data/interest-groups';
import { INTERESTS_MAX } from '@datekit/runtime/data/profile-choices';
import { $interests, type NamedInterest } from '@datekit/runtime/stores/catalog';
import { InterestIcon } from '../InterestIcon.tsx';
import { Loading } from '../LoadStatus.tsx';

interface Props {
  selected: readonly number[];
  onToggle: (id: number) => void;
  disabled?: boolean;
}

/**
 * The interests (spec §3: hobbies and intimate interests, each with an icon) as toggle chips: a
 * search field, the popular ones first, then small themed groups to open one at a time, so nobody
 * faces one wall of chips. Typing shows every interest whose name matches, wherever it is grouped.
 * The emoji is decoration; the translated name is what assistive technology reads.
 */
export function InterestPicker({ selected, onToggle, disabled }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const state = useStore($interests);
  const [query, setQuery] = useState('');
  // Open groups draw their chips; closed ones none, so an interest of the popular list is one chip.
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(new Set());
  if (state.status === 'failed') return <p className="field-error">{t('steps.interests_failed')}</p>;
  if (state.status !== 'ready') return <Loading />;
  const full = selected.length >= INTERESTS_MAX;
  const bySlug = new Map(state.data.map((interest) => [interest.slug, interest]));
  const pick = (slugs: readonly string[]) => slugs.flatMap((slug) => bySlug.get(slug) ?? []);
  const chips = (interests: readonly NamedInterest[]) => (
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
  );
  const searching = query.trim() !== '';
  const found = searching ? state.data.filter((interest) => interestMatches(interest.name, query)) : [];
  return (
    <fieldset className="field interest-picker" data-testid="interest-picker">
      <legend>{t('steps.interests')}</legend>
      <p className="field-hint" aria-live="polite">
        {t('steps.interests_count', { chosen: selected.length, max: INTERESTS_MAX })}
      </p>
      <div className="interest-search">
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          {t('signup_more.interests_search')}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          value={query}
          placeholder={t('signup_more.interests_search_placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          data-testid="interest-search"
          onChange={(event) => setQuery(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter in the search must not submit the step's form.
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>
      {searching ? (
        <div className="interest-group" data-testid="interest-results">
          <p className="interest-group-title" aria-live="polite">
            {found.length > 0
              ? t('signup_more.interests_found', { count: found.length })
              : t('signup_more.interests_none', { query: query.trim() })}
          </p>
          {found.length > 0 ? chips(found) : null}
        </div>
      ) : (
        <>
          <div className="interest-group" data-testid="interest-group-popular">
            <p className="interest-group-title">{t('signup_more.interests_popular')}</p>
            {chips(pick(POPULAR_INTERESTS))}
          </div>
          {INTEREST_GROUPS.map((group) => {
            const interests = pick(group.slugs);
            const chosen = interests.filter((interest) => selected.includes(interest.id)).length;
            return (
              <details
                key={group.id}
                className="interest-group interest-fold"
                data-testid={`interest-group-${group.id}`}
                open={openGroups.has(group.id)}
                onToggle={(event) => {
                  const isOpen = event.currentTarget.open;
                  setOpenGroups((groups) => {
                    const next = new Set(groups);
                    if (isOpen) next.add(group.id);
                    else next.delete(group.id);
                    return next;
                  });
                }}
              >
                <summary>
                  <span>{t(`signup_more.group_${group.id}`)}</span>
                  <span className="interest-fold-count">
                    {chosen > 0 ? t('signup_more.group_chosen', { chosen, count: interests.length }) : interests.length}
                  </span>
                </summary>
                {openGroups.has(group.id) ? chips(interests) : null}
              </details>
            );
          })}
        </>
      )}
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
