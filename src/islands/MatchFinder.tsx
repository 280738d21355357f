import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FINDER_AGE_RANGE_IDS,
  FINDER_AGE_RANGES,
  FINDER_DISTANCES,
  FINDER_GENDERS,
  FINDER_REASONS,
  FINDER_STEPS,
  finderQuery,
  nextStep,
  previousStep,
  regionAvailable,
  stepAnswered,
  type FinderAgeRange,
  type FinderAnswers,
  type FinderReason,
  type FinderStep,
  type OwnPlace,
} from '@datekit/runtime/rules/match-finder';
import { $regions, loadRegions, regionName } from '@datekit/runtime/stores/catalog';
import { loadOwnProfile, saveProfile } from '@datekit/runtime/stores/profile';
import { LINKS } from '../site/links.ts';
import { errorText } from './errors.ts';
import { MatchFinderResults } from './MatchFinderResults.tsx';
import { MemberPending, useMember } from './member.tsx';
import { UiProvider } from './ui.tsx';
import './MatchFinder.css';

interface Props {
  lang: string;
  fictionalIcon: string;
  fictionalLabel: string | undefined;
}

/**
 * The match finder (/match-finder): four questions — whom, how old, how near, what for — then the
 * members of an ordinary search with those filters, each with a like button. It says in so many words
 * that it is a filtered search. The search cannot filter by what members look for, so that answer is
 * saved on the member's own profile, where others see it, and the screen says so too.
 */
export default function MatchFinder(props: Props) {
  return (
    <UiProvider lang={props.lang}>
      <MatchFinderContent {...props} />
    </UiProvider>
  );
}

interface Place extends OwnPlace {
  regionName: string | null;
}

type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; place: Place; reason: string | null }
  | { status: 'failed'; message: string };

/** The member's own place and reason, with the region's name for the question. */
async function loadOwnPlace(lang: string): Promise<{ place: Place; reason: string | null }> {
  const profile = await loadOwnProfile();
  let name: string | null = null;
  if (profile.region) {
    await loadRegions(profile.country);
    const regions = $regions.get()[profile.country];
    const region = regions?.status === 'ready' ? regions.data.find((r) => r.id === profile.region) : undefined;
    name = region ? regionName(region, lang) : null;
  }
  return {
    place: { country: profile.country, region: profile.region, regionName: name },
    reason: profile.signup_reason,
  };
}

function MatchFinderContent({ lang, fictionalIcon, fictionalLabel }: Props) {
  const { t } = useTranslation();
  const member = useMember();
  const [own, setOwn] = useState<ProfileState>({ status: 'loading' });
  const [step, setStep] = useState<FinderStep | 'results'>('gender');
  const [answers, setAnswers] = useState<FinderAnswers>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const memberId = member?.profile.id;

  useEffect(() => {
    if (memberId === undefined) return;
    let current = true;
    loadOwnPlace(lang).then(
      ({ place, reason }) => {
        if (!current) return;
        setOwn({ status: 'ready', place, reason });
        if ((FINDER_REASONS as readonly string[]).includes(reason ?? '')) {
          setAnswers((previous) => ({ ...previous, reason: reason as FinderReason }));
        }
      },
      (error: unknown) => current && setOwn({ status: 'failed', message: errorText(error, t) }),
    );
    return () => {
      current = false;
    };
  }, [memberId, lang, t]);

  // Each new question takes the focus, so a screen reader reads it out.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  if (!member) return <MemberPending member={member} />;
  if (own.status === 'loading') {
    return (
      <p className="member-pending" aria-busy="true">
        {t('match_finder.loading_profile')}
      </p>
    );
  }
  if (own.status === 'failed') {
    return (
      <div className="form-error" role="alert">
        {own.message}
      </div>
    );
  }

  const place = own.place;
  const query = finderQuery(answers, place);

  if (step === 'results' && query) {
    return (
      <div className="finder" data-testid="match-finder">
        <p className="finder-honest">{t('match_finder.honest')}</p>
        {saveError && (
          <p className="form-error" role="alert">
            {saveError}
          </p>
        )}
        <MatchFinderResults
          query={query}
          fictional={{ icon: fictionalIcon, label: fictionalLabel }}
          headingRef={heading}
          onChange={() => setStep('gender')}
        />
      </div>
    );
  }

  const current: FinderStep = step === 'results' ? 'reason' : step;
  const index = FINDER_STEPS.indexOf(current);
  const previous = previousStep(current);
  const countryName = new Intl.DisplayNames([lang], { type: 'region' }).of(place.country) ?? place.country;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stepAnswered(current, answers)) return;
    const after = nextStep(current);
    if (after !== 'results') {
      setStep(after);
      return;
    }
    setSaveError(null);
    // The reason is saved on the profile only when it changed: the search itself cannot use it.
    if (answers.reason && own.status === 'ready' && answers.reason !== own.reason) {
      setSaving(true);
      try {
        await saveProfile({ signup_reason: answers.reason });
        setOwn({ ...own, reason: answers.reason });
      } catch (error) {
        setSaveError(t('match_finder.reason_not_saved', { reason: errorText(error, t) }));
      } finally {
        setSaving(false);
      }
    }
    setStep('results');
  }

  const choose = <K extends keyof FinderAnswers>(key: K, value: FinderAnswers[K]) =>
    setAnswers((previousAnswers) => ({ ...previousAnswers, [key]: value }));

  return (
    <div className="finder" data-testid="match-finder">
      <p className="finder-honest">{t('match_finder.honest')}</p>
      <form className="finder-step" onSubmit={(event) => void submit(event)} data-testid={`finder-step-${current}`}>
        <div className="finder-progress">
          <span>{t('match_finder.progress', { step: index + 1, total: FINDER_STEPS.length })}</span>
          <span className="finder-progress-bar" aria-hidden="true">
            <span style={{ width: `${((index + 1) / FINDER_STEPS.length) * 100}%` }} />
          </span>
        </div>
        <fieldset className="field finder-question">
          <legend>
            <h2 ref={heading} tabIndex={-1}>
              {t(`match_finder.${current}_question`)}
            </h2>
          </legend>
          <div className="choice-row finder-choices">
            {current === 'gender' &&
              FINDER_GENDERS.map((gender) => (
                <Choice
                  key={gender}
                  name="gender"
                  value={gender}
                  checked={answers.gender === gender}
                  onChange={() => choose('gender', gender)}
                  label={t(`match_finder.gender_${gender}`)}
                />
              ))}
            {current === 'age' &&
              FINDER_AGE_RANGE_IDS.map((range) => (
                <Choice
                  key={range}
                  name="age"
                  value={range}
                  checked={answers.age === range}
                  onChange={() => choose('age', range)}
                  label={ageLabel(range, t)}
                />
              ))}
            {current === 'distance' &&
              FINDER_DISTANCES.map((distance) => (
                <Choice
                  key={distance}
                  name="distance"
                  value={distance}
                  checked={answers.distance === distance}
                  disabled={distance === 'region' && !regionAvailable(place)}
                  onChange={() => choose('distance', distance)}
                  label={
                    distance === 'region'
                      ? place.regionName
                        ? t('match_finder.distance_region_named', { region: place.regionName })
                        : t('match_finder.distance_region')
                      : t('match_finder.distance_country', { country: countryName })
                  }
                />
              ))}
            {current === 'reason' && (
              <>
                {FINDER_REASONS.map((reason) => (
                  <Choice
                    key={reason}
                    name="reason"
                    value={reason}
                    checked={answers.reason === reason}
                    onChange={() => choose('reason', reason)}
                    label={t(`match_finder.reason_${reason}`)}
                  />
                ))}
              </>
            )}
          </div>
          {current === 'distance' && !regionAvailable(place) && (
            <p className="field-hint">
              {t('match_finder.no_region')} <a href={LINKS.profile}>{t('match_finder.add_region')}</a>
            </p>
          )}
          {current === 'reason' && <p className="field-hint">{t('match_finder.reason_note')}</p>}
        </fieldset>
        <div className="finder-nav">
          {previous && (
            <button type="button" className="btn btn-ghost" onClick={() => setStep(previous)}>
              {t('match_finder.back')}
            </button>
          )}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={!stepAnswered(current, answers) || saving}
            aria-busy={saving}
            data-testid="finder-next"
            data-primary-action
          >
            {current === 'reason' ? t('match_finder.show') : t('match_finder.next')}
          </button>
        </div>
      </form>
    </div>
  );
}

function ageLabel(range: FinderAgeRange, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (range === 'any') return t('match_finder.age_any');
  const { min, max } = FINDER_AGE_RANGES[range];
  return range === '60+' ? t('match_finder.age_from', { min }) : t('match_finder.age_range', { min, max });
}

function Choice(props: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
}) {
  return (
    <label className={`choice${props.disabled ? ' is-disabled' : ''}`}>
      <input
        type="radio"
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
      />
      <span>{props.label}</span>
    </label>
  );
}
