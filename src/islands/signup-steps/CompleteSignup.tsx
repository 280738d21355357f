import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MissingStep } from '@datekit/runtime/rules/profile-completeness';
import { profileUpdateFromSteps, toggleInterest } from '@datekit/runtime/rules/signup-steps';
import { pathFor } from '@datekit/runtime/routes';
import type { OwnProfile } from '@datekit/runtime/schemas/api/profile';
import { $ownProfile } from '@datekit/runtime/stores/profile';
import { createCompleteSignup, type CompleteSignup as Flow } from '@datekit/runtime/stores/signup-steps';
import { errorText } from '../errors.ts';
import { FormError } from '../Field.tsx';
import { LoadFailed, Loading } from '../LoadStatus.tsx';
import { LocationPicker, locationUpdate, savedLocation } from '../LocationPicker.tsx';
import { UiProvider } from '../ui.tsx';
import { AboutFields } from './AboutFields.tsx';
import { StepHeading } from './MessageStep.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import { ProfileMissingList } from './ProfileMissingList.tsx';
import { StepNav } from './StepProgress.tsx';
import './signup-steps.css';

/**
 * /complete-signup (spec §4): what the profile lacks to be complete — photo, about me, location, as
 * GET /api/profile.php lists them in `missing` (the rule My profile follows too) — named first, then
 * asked one after another; when the last is saved or skipped, the first matches (/signup-matches).
 */
export default function CompleteSignup({ lang }: { lang: string }) {
  return (
    <UiProvider lang={lang}>
      <CompleteSignupLoader />
    </UiProvider>
  );
}

const MATCHES = pathFor('signup-matches');

function CompleteSignupLoader() {
  const state = useStore($ownProfile, { ssr: () => ({ status: 'loading' as const }) });
  if (state.status === 'loading' || state.status === 'idle') {
    return <Loading />;
  }
  if (state.status === 'failed') {
    return <LoadFailed error={state.error} />;
  }
  return <CompleteSteps profile={state.data} />;
}

function CompleteSteps({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [flow] = useState(() => createCompleteSignup(profile.missing));
  const { steps, index, pending, error } = useStore(flow.$complete);
  const step = steps[index];
  const root = useRef<HTMLDivElement>(null);
  const shownIndex = useRef(index);

  useEffect(() => {
    if (step === undefined && steps.length > 0) location.assign(MATCHES);
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    root.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [index, step, steps.length]);

  if (steps.length === 0) {
    return (
      <div className="signup-done" data-testid="complete-signup-done">
        <h2>{t('complete.done_title')}</h2>
        <p>{t('complete.done_text')}</p>
        <a className="btn btn-primary" href={MATCHES}>
          {t('steps.see_matches')}
        </a>
      </div>
    );
  }
  if (step === undefined) {
    return (
      <p className="member-pending" aria-busy="true">
        {t('complete.finishing')}
      </p>
    );
  }

  const message = error ? errorText(error, t) : null;
  return (
    <div ref={root} className="signup-steps" data-testid="complete-signup" data-step={step}>
      <div className="complete-intro" data-testid="complete-signup-intro">
        <p>{t('completeness.intro')}</p>
        <ProfileMissingList missing={steps} />
      </div>
      <div className="step-progress">
        <p className="step-progress-text">{t('steps.progress', { number: index + 1, total: steps.length })}</p>
        <ol className="step-progress-bar" style={{ gridTemplateColumns: `repeat(${steps.length}, 1fr)` }}>
          {steps.map((name, position) => (
            <li
              key={name}
              className={position < index ? 'is-done' : position === index ? 'is-current' : undefined}
              aria-current={position === index ? 'step' : undefined}
              data-testid={`complete-step-${name}`}
            >
              <span className="visually-hidden">{t(`steps.name_${name}`)}</span>
            </li>
          ))}
        </ol>
      </div>
      {step === 'photo' && <PhotoPart flow={flow} pending={pending} error={message} />}
      {step === 'about' && <AboutPart flow={flow} profile={profile} pending={pending} error={message} />}
      {step === 'location' && <LocationPart flow={flow} profile={profile} pending={pending} error={message} />}
    </div>
  );
}

interface PartProps {
  flow: Flow;
  pending: boolean;
  /** The server's refusal of the last save, or null. */
  error: string | null;
}

/** One step's form: its fields, the error, skip and "save and continue"; `check` says what is missing. */
function StepForm({
  step,
  pending,
  error,
  onSkip,
  onSave,
  children,
}: {
  step: MissingStep;
  pending: boolean;
  error: string | null;
  onSkip: () => void;
  /** Saves, or answers the sentence that says what to fill in first. */
  onSave: () => string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(onSave());
  }
  return (
    <form className="stack-form" noValidate data-testid={`complete-form-${step}`} onSubmit={onSubmit}>
      <StepHeading title={t(`complete.${step}_title`)} text={t(`complete.${step}_text`)} />
      {children}
      <FormError message={problem ?? error} />
      <StepNav onSkip={onSkip} next={{ label: t('steps.save_next'), submit: true }} busy={pending} />
    </form>
  );
}

function PhotoPart({ flow, pending, error }: PartProps) {
  const { t } = useTranslation();
  const [photo, setPhoto] = useState<Blob | null>(null);
  return (
    <StepForm
      step="photo"
      pending={pending}
      error={error}
      onSkip={flow.skip}
      onSave={() => {
        if (!photo) return t('complete.photo_required');
        void flow.savePhoto(photo);
        return null;
      }}
    >
      <PhotoPicker photo={photo} onChange={setPhoto} disabled={pending} />
    </StepForm>
  );
}

function AboutPart({ flow, profile, pending, error }: PartProps & { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [about, setAbout] = useState(profile.about ?? '');
  const [interests, setInterests] = useState<number[]>(profile.interests);
  return (
    <StepForm
      step="about"
      pending={pending}
      error={error}
      onSkip={flow.skip}
      onSave={() => {
        const update = profileUpdateFromSteps({ about, interests });
        if (!update) return t('complete.about_required');
        void flow.saveFields(update);
        return null;
      }}
    >
      <AboutFields
        about={about}
        interests={interests}
        onAbout={setAbout}
        onToggleInterest={(id) => setInterests((current) => toggleInterest(current, id))}
        disabled={pending}
      />
    </StepForm>
  );
}

function LocationPart({ flow, profile, pending, error }: PartProps & { profile: OwnProfile }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => savedLocation(profile));
  return (
    <StepForm
      step="location"
      pending={pending}
      error={error}
      onSkip={flow.skip}
      onSave={() => {
        if (!value.city.trim()) return t('steps.location_city_required');
        void flow.saveFields(locationUpdate(value));
        return null;
      }}
    >
      <LocationPicker value={value} onChange={setValue} disabled={pending} />
    </StepForm>
  );
}
