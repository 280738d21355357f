import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from '@datekit/runtime/data/countries';
import { countryName } from '@datekit/runtime/rules/legal';
import { canAskForPosition } from '@datekit/runtime/rules/geolocation';
import { $geolocation, locate } from '@datekit/runtime/stores/geolocation';
import { $regions, loadRegions, regionName } from '@datekit/runtime/stores/catalog';
import type { OwnProfile, ProfileUpdate } from '@datekit/runtime/schemas/api/profile';
import { $settings } from '@datekit/runtime/stores/settings';

export interface LocationValue {
  country: string;
  region: string | null;
  city: string;
}

interface Props {
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  disabled?: boolean;
}

/** The location a saved profile holds, as the picker's starting value. */
export function savedLocation(profile: Pick<OwnProfile, 'country' | 'region' | 'city'>): LocationValue {
  return { country: profile.country, region: profile.region, city: profile.city ?? '' };
}

/** The PUT /api/profile.php fields of a picked location; the country is one the server offered. */
export function locationUpdate(value: LocationValue): Pick<ProfileUpdate, 'country' | 'region' | 'city'> {
  return { country: value.country as CountryCode, region: value.region, city: value.city.trim() || null };
}

/** Longest city name the profile keeps (PUT /api/profile.php). */
const CITY_MAX_LENGTH = 80;

/**
 * Where the member lives: one of the site's countries, its region and the town, typed or filled from
 * the browser's position ("use my location", spec §4's geolocation permission states). The site's
 * countries come from the settings API; the regions of a country load once per page.
 */
export function LocationPicker({ value, onChange, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const settings = useStore($settings);
  const regionsState = useStore($regions)[value.country];
  const regions = regionsState?.status === 'ready' ? regionsState.data : undefined;
  const geolocation = useStore($geolocation);
  // The site's countries; a profile from elsewhere keeps its own country as the first choice.
  const served: readonly string[] = settings?.countries ?? [];
  const countries = served.includes(value.country) ? served : [value.country, ...served];
  const lang = i18n.language;

  useEffect(() => {
    void loadRegions(value.country);
  }, [value.country]);

  async function fillFromPosition() {
    const place = await locate(countries);
    if (place) onChange({ country: place.country, region: place.region, city: place.name });
  }

  const locating = geolocation.status === 'locating';
  const sortedRegions = (regions ?? [])
    .map((region) => ({ id: region.id, name: regionName(region, lang) }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));

  return (
    <div className="location-picker" data-testid="location-picker">
      <div className="geolocation">
        {canAskForPosition(geolocation.permission) ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={disabled || locating}
            aria-busy={locating}
            data-testid="use-my-location"
            onClick={() => void fillFromPosition()}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="3.2" fill="currentColor" />
              <path
                d="M12 2v3M12 19v3M2 12h3M19 12h3M12 5.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
            {locating ? t('location.locating') : t('location.use_mine')}
          </button>
        ) : null}
        <p className="field-hint" aria-live="polite" data-testid="geolocation-note">
          {geolocationNote(geolocation, t)}
        </p>
      </div>

      <div className="location-fields">
        <div className="field">
          <label htmlFor={`${id}-country`}>{t('location.country')}</label>
          <select
            id={`${id}-country`}
            name="country"
            className="select"
            value={value.country}
            disabled={disabled || countries.length < 2}
            onChange={(event) => onChange({ country: event.currentTarget.value, region: null, city: value.city })}
          >
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryName(code, lang)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-region`}>{t('location.region')}</label>
          <select
            id={`${id}-region`}
            name="region"
            className="select"
            value={value.region ?? ''}
            disabled={disabled || !regions}
            aria-busy={regionsState === undefined || regionsState.status === 'loading'}
            onChange={(event) => onChange({ ...value, region: event.currentTarget.value || null })}
          >
            <option value="">
              {regionsState?.status === 'failed' ? t('location.regions_failed') : t('location.region_choose')}
            </option>
            {sortedRegions.map((region) => (
              <option key={region.id} value={region.id}>
                {region.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-city`}>{t('location.city')}</label>
          <input
            id={`${id}-city`}
            name="city"
            type="text"
            autoComplete="address-level2"
            maxLength={CITY_MAX_LENGTH}
            value={value.city}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, city: event.currentTarget.value })}
          />
        </div>
      </div>
    </div>
  );
}

/** One sentence on what "use my location" can do now, or did. */
function geolocationNote(
  state: ReturnType<typeof $geolocation.get>,
  t: ReturnType<typeof useTranslation>['t'],
): string {
  if (state.status === 'found' && state.place) return t('location.found', { place: state.place.name });
  if (state.status === 'failed' && state.problem) return t(`location.problem_${state.problem}`);
  if (state.permission === 'unsupported') return t('location.unsupported');
  if (state.permission === 'denied') return t('location.denied');
  if (state.permission === 'prompt') return t('location.prompt');
  return t('location.private');
}
