import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { $settings } from '@datekit/runtime/stores/settings';
import type { SignupFlow, SignupFlowState } from '@datekit/runtime/stores/signup-steps';
import { $user } from '@datekit/runtime/stores/user';
import { errorText } from '../errors.ts';
import { FormError } from '../Field.tsx';
import { Loading } from '../LoadStatus.tsx';
import { LocationPicker, locationUpdate, type LocationValue } from '../LocationPicker.tsx';
import { StepHeading } from './MessageStep.tsx';
import { StepNav } from './StepProgress.tsx';

/** Step 4: where the member lives. The account exists now: what failed on the way is said here. */
export function LocationStep({ state, flow }: { state: SignupFlowState; flow: SignupFlow }) {
  const { t } = useTranslation();
  const user = useStore($user);
  const settings = useStore($settings);
  const [value, setValue] = useState<LocationValue | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server gave the new profile the site's main country; the picker starts there.
  const location = value ?? {
    country: user?.profile.country ?? settings?.geoip_selected_country ?? settings?.countries[0] ?? '',
    region: null,
    city: '',
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!location.city.trim()) {
      setError(t('steps.location_city_required'));
      return;
    }
    setError(null);
    try {
      await flow.saveLocation(locationUpdate(location));
    } catch (failure) {
      setError(errorText(failure, t));
    }
  }

  return (
    <form className="stack-form" noValidate data-testid="signup-location" onSubmit={(e) => void onSubmit(e)}>
      <StepHeading title={t('steps.location_title')} text={t('steps.location_text')} />
      {state.photoError ? (
        <p className="notice notice-warning" role="alert">
          {t('steps.photo_failed', { reason: errorText(state.photoError, t) })}
        </p>
      ) : null}
      {state.profileError ? (
        <p className="notice notice-warning" role="alert">
          {t('steps.profile_failed', { reason: errorText(state.profileError, t) })}
        </p>
      ) : null}
      {location.country ? (
        <LocationPicker
          value={location}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          disabled={state.pending}
        />
      ) : (
        <Loading />
      )}
      <FormError message={error} />
      <StepNav onSkip={flow.skip} next={{ label: t('steps.save_next'), submit: true }} busy={state.pending} />
    </form>
  );
}
