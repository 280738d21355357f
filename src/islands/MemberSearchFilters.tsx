import { useStore } from '@nanostores/react';
import { memo, useEffect, useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ageOptions,
  changeFormValue,
  effectiveCountry,
  formValues,
  queryFromForm,
  showsCountry,
  showsRegion,
  type SearchDefaults,
  type SearchFormValues,
  type SearchGender,
  type SearchOptions,
  type SearchQuery,
} from '@datekit/runtime/rules/search-form';
import type { CountryNames } from '@datekit/runtime/rules/legal';
import { $regions, loadRegions, regionName } from '@datekit/runtime/stores/catalog';
import { search } from '@datekit/runtime/stores/search';
import { LINKS } from '../site/links.ts';
import { ChevronIcon } from './icons.tsx';

interface Props {
  lang: string;
  options: SearchOptions;
  /** The names of the brand's countries in the page's language (`countryNamesOf`, from the build). */
  countryNames: CountryNames;
  defaults: SearchDefaults;
  /** The search the URL holds: what the form shows until the member changes it. */
  query: SearchQuery;
}

const GENDERS: SearchGender[] = ['female', 'male', 'any'];
const AGES = ageOptions();

/**
 * The search filters the brand offers. A real GET form: before the island hydrates, submitting it
 * loads `/members?…` like any link; afterwards it searches in place and records the search in the URL.
 * On phones the filters fold away behind a summary of the current search.
 */
function MemberSearchFilters({ lang, options, countryNames, defaults, query }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<SearchFormValues>(() => formValues(query, defaults));
  const [shownQuery, setShownQuery] = useState(query);
  const [open, setOpen] = useState(false);
  const regions = useStore($regions);

  // The URL's search changed (back button): the form shows that search again.
  if (shownQuery !== query) {
    setShownQuery(query);
    setValues(formValues(query, defaults));
  }

  const country = effectiveCountry(values.country || undefined, options.countries);
  const regionShown = showsRegion(options, values.country || undefined);
  useEffect(() => {
    if (regionShown && country) void loadRegions(country);
  }, [regionShown, country]);

  const regionState = country ? regions[country] : undefined;
  const regionList = regionState?.status === 'ready' ? regionState.data : [];
  const offered = (field: SearchOptions['fields'][number]) => options.fields.includes(field);

  const set = <K extends keyof SearchFormValues>(field: K, value: SearchFormValues[K]) =>
    setValues((current) => changeFormValue(current, field, value));

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setOpen(false);
    void search(queryFromForm(values, options, query.sort));
  }

  const applied = formValues(query, defaults);
  const appliedCountry = effectiveCountry(applied.country || undefined, options.countries);
  const appliedRegions = appliedCountry ? regions[appliedCountry] : undefined;
  const appliedRegion =
    appliedRegions?.status === 'ready' ? appliedRegions.data.find((r) => r.id === applied.countryregion) : undefined;
  const summary = [
    offered('gender') ? t(`search.gender_${applied.gender}`) : null,
    offered('min_age') || offered('max_age') ? t('search.ages', { min: applied.min_age, max: applied.max_age }) : null,
    appliedRegion
      ? regionName(appliedRegion, lang)
      : applied.country
        ? (countryNames[applied.country] ?? applied.country)
        : showsCountry(options)
          ? t('search.country_any')
          : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <form
      className={open ? 'search-filters is-open' : 'search-filters'}
      method="get"
      action={LINKS.members}
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      data-testid="search-filters"
    >
      <h2 id={`${id}-title`} className="search-filters-title">
        {t('search.filters')}
      </h2>
      <button
        type="button"
        className="search-filters-toggle"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen(!open)}
      >
        <span className="search-filters-toggle-label">{t('search.filters')}</span>
        <span className="search-filters-summary">{summary}</span>
        <ChevronIcon />
      </button>
      <div id={`${id}-body`} className="search-filters-body">
        {offered('gender') && (
          <fieldset className="field search-field-gender">
            <legend>{t('search.gender')}</legend>
            <div className="choice-row">
              {GENDERS.map((gender) => (
                <label key={gender} className="choice">
                  <input
                    type="radio"
                    name="gender"
                    value={gender}
                    checked={values.gender === gender}
                    onChange={() => set('gender', gender)}
                  />
                  {t(`search.gender_${gender}`)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {showsCountry(options) && (
          <div className="field">
            <label htmlFor={`${id}-country`}>{t('search.country')}</label>
            <select
              id={`${id}-country`}
              name="country"
              value={values.country}
              onChange={(event) => set('country', event.target.value)}
            >
              <option value="">{t('search.country_any')}</option>
              {options.countries.map((code) => (
                <option key={code} value={code}>
                  {countryNames[code] ?? code}
                </option>
              ))}
            </select>
          </div>
        )}
        {regionShown && (
          <div className="field">
            <label htmlFor={`${id}-region`}>{t('search.region')}</label>
            <select
              id={`${id}-region`}
              name="countryregion"
              value={values.countryregion}
              onChange={(event) => set('countryregion', event.target.value)}
              aria-describedby={regionState?.status === 'failed' ? `${id}-region-error` : undefined}
              aria-busy={regionState?.status === 'loading' || undefined}
            >
              <option value="">{t('search.region_any')}</option>
              {regionList.map((region) => (
                <option key={region.id} value={region.id}>
                  {regionName(region, lang)}
                </option>
              ))}
              {/* A region from the URL stays selectable while the list loads. */}
              {values.countryregion && !regionList.some((r) => r.id === values.countryregion) && (
                <option value={values.countryregion}>{values.countryregion}</option>
              )}
            </select>
            {regionState?.status === 'failed' && (
              <p id={`${id}-region-error`} className="field-error">
                {t('search.regions_failed')}
              </p>
            )}
          </div>
        )}
        {(offered('min_age') || offered('max_age')) && (
          <fieldset className="field search-field-ages">
            <legend>{t('search.age')}</legend>
            <div className="search-ages">
              {offered('min_age') && (
                <AgeSelect
                  id={`${id}-min-age`}
                  name="min_age"
                  label={t('search.min_age')}
                  value={values.min_age}
                  onChange={(age) => set('min_age', age)}
                />
              )}
              {offered('max_age') && (
                <AgeSelect
                  id={`${id}-max-age`}
                  name="max_age"
                  label={t('search.max_age')}
                  value={values.max_age}
                  onChange={(age) => set('max_age', age)}
                />
              )}
            </div>
          </fieldset>
        )}
        <button type="submit" className="btn btn-primary search-submit" data-primary-action>
          {t('search.submit')}
        </button>
      </div>
    </form>
  );
}

function AgeSelect(props: { id: string; name: string; label: string; value: number; onChange: (age: number) => void }) {
  return (
    <span className="search-age">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
      >
        {AGES.map((age) => (
          <option key={age} value={age}>
            {age}
          </option>
        ))}
      </select>
    </span>
  );
}

export default memo(MemberSearchFilters);
