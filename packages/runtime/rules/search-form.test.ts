import { describe, expect, it } from 'vitest';
import {
  ageOptions,
  changeFormValue,
  formValues,
  hasNextPage,
  lastPage,
  pageLinks,
  parseSearchQuery,
  queryFromForm,
  resultCount,
  searchApiQuery,
  searchQueryString,
  shownImage,
  showsCountry,
  showsRegion,
  type SearchOptions,
} from './search-form.ts';

const all: SearchOptions = {
  fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  countries: ['NL', 'BE'],
};
const defaults = { gender: 'female' as const, min_age: 18, max_age: 99 };

describe('parseSearchQuery', () => {
  it('reads every offered filter and the page', () => {
    expect(parseSearchQuery('?gender=male&country=BE&countryregion=BE-VAN&min_age=30&max_age=45&page=3', all)).toEqual({
      gender: 'male',
      country: 'BE',
      countryregion: 'BE-VAN',
      min_age: 30,
      max_age: 45,
      page: 3,
    });
  });

  it('is empty for an empty query: the server applies the niche defaults', () => {
    expect(parseSearchQuery('', all)).toEqual({ page: 1 });
  });

  it('drops filters the brand does not offer', () => {
    const options: SearchOptions = { fields: ['min_age', 'max_age'], countries: ['NL', 'BE'] };
    expect(parseSearchQuery('?gender=male&country=NL&min_age=40', options)).toEqual({ min_age: 40, page: 1 });
  });

  it('drops values the server would refuse or that show nobody', () => {
    expect(parseSearchQuery('?gender=robot&country=DE&countryregion=nl-nh&min_age=12&max_age=150&page=0', all)).toEqual(
      { page: 1 },
    );
    expect(parseSearchQuery('?min_age=3x&page=-2', all)).toEqual({ page: 1 });
  });

  it('keeps a region only with its own country', () => {
    expect(parseSearchQuery('?country=BE&countryregion=NL-NH', all)).toEqual({ country: 'BE', page: 1 });
    expect(parseSearchQuery('?countryregion=NL-NH', all)).toEqual({ page: 1 });
  });

  it("takes a region of a single-country brand's country without a country parameter", () => {
    const options: SearchOptions = { fields: ['countryregion'], countries: ['DK'] };
    expect(parseSearchQuery('?countryregion=DK-84', options)).toEqual({
      country: 'DK',
      countryregion: 'DK-84',
      page: 1,
    });
  });

  it('puts a reversed age range in order', () => {
    expect(parseSearchQuery('?min_age=50&max_age=30', all)).toMatchObject({ min_age: 30, max_age: 50 });
  });
});

describe('searchQueryString', () => {
  it('writes the filters in a fixed order, leaving page 1 out', () => {
    expect(searchQueryString({ max_age: 40, min_age: 20, gender: 'any', page: 1 })).toBe(
      '?gender=any&min_age=20&max_age=40',
    );
    expect(searchQueryString({ page: 1 })).toBe('');
    expect(searchQueryString({ page: 4 })).toBe('?page=4');
  });

  it('keeps the parameters the search does not own, such as tracking', () => {
    expect(searchQueryString({ min_age: 25, page: 2 }, '?network=ads&min_age=60&page=9&sub1=x')).toBe(
      '?min_age=25&page=2&network=ads&sub1=x',
    );
  });

  it('round-trips through parseSearchQuery', () => {
    const query = { gender: 'male' as const, country: 'NL', countryregion: 'NL-UT', min_age: 22, max_age: 33, page: 2 };
    expect(parseSearchQuery(searchQueryString(query), all)).toEqual(query);
  });
});

describe('searchApiQuery', () => {
  it('sends the filters and the tracking, not page 1', () => {
    expect(searchApiQuery({ gender: 'female', min_age: 30, page: 1 }, { network: 'ads', ref: undefined })).toEqual({
      network: 'ads',
      gender: 'female',
      min_age: 30,
    });
    expect(searchApiQuery({ page: 2 })).toEqual({ page: 2 });
  });
});

describe('the form', () => {
  it('shows the niche defaults for filters the URL leaves out', () => {
    expect(formValues({ max_age: 40, page: 1 }, defaults)).toEqual({
      gender: 'female',
      country: '',
      countryregion: '',
      min_age: 18,
      max_age: 40,
    });
  });

  it('drops the region when the country changes', () => {
    const values = formValues({ country: 'NL', countryregion: 'NL-UT', page: 1 }, defaults);
    expect(changeFormValue(values, 'country', 'BE')).toMatchObject({ country: 'BE', countryregion: '' });
    expect(changeFormValue(values, 'country', 'NL')).toMatchObject({ countryregion: 'NL-UT' });
  });

  it('moves the other end of the age range along instead of emptying it', () => {
    const values = formValues({ min_age: 30, max_age: 40, page: 1 }, defaults);
    expect(changeFormValue(values, 'min_age', 55)).toMatchObject({ min_age: 55, max_age: 55 });
    expect(changeFormValue(values, 'max_age', 25)).toMatchObject({ min_age: 25, max_age: 25 });
    expect(changeFormValue(values, 'min_age', 35)).toMatchObject({ min_age: 35, max_age: 40 });
  });

  it('submits every offered filter explicitly, from page 1', () => {
    const values = { gender: 'any' as const, country: '', countryregion: '', min_age: 25, max_age: 35 };
    expect(queryFromForm(values, all)).toEqual({ gender: 'any', min_age: 25, max_age: 35, page: 1 });
    expect(queryFromForm({ ...values, country: 'NL', countryregion: 'NL-UT' }, all)).toMatchObject({
      country: 'NL',
      countryregion: 'NL-UT',
    });
    expect(queryFromForm(values, { fields: ['min_age'], countries: ['NL'] })).toEqual({ min_age: 25, page: 1 });
  });

  it('keeps the order the member chose for the results through a new search and the URL', () => {
    const values = { gender: 'any' as const, country: '', countryregion: '', min_age: 25, max_age: 35 };
    const query = queryFromForm(values, all, 'nearest');
    expect(query).toEqual({ gender: 'any', min_age: 25, max_age: 35, sort: 'nearest', page: 1 });
    expect(searchQueryString(query)).toBe('?gender=any&min_age=25&max_age=35&sort=nearest');
    expect(searchApiQuery(query)).toMatchObject({ sort: 'nearest' });
    // Newest first is the default, and an unknown order reads as it.
    expect(parseSearchQuery('?sort=newest', all)).toEqual({ page: 1 });
    expect(parseSearchQuery('?sort=closest', all)).toEqual({ page: 1 });
    expect(searchApiQuery({ sort: 'newest', page: 1 })).toEqual({});
  });

  it('offers the country only when there is a choice, the region once a country is known', () => {
    expect(showsCountry(all)).toBe(true);
    expect(showsCountry({ ...all, countries: ['NL'] })).toBe(false);
    expect(showsCountry({ ...all, fields: ['gender'] })).toBe(false);
    expect(showsRegion(all, undefined)).toBe(false);
    expect(showsRegion(all, 'NL')).toBe(true);
    expect(showsRegion({ ...all, countries: ['NL'] }, undefined)).toBe(true);
    expect(showsRegion({ ...all, fields: ['country'] }, 'NL')).toBe(false);
  });

  it('offers every adult age, 18 to 99', () => {
    const ages = ageOptions();
    expect(ages[0]).toBe(18);
    expect(ages.at(-1)).toBe(99);
    expect(ages).toHaveLength(82);
  });
});

describe('result count and pages', () => {
  it('shows "1000+" when the count was capped', () => {
    expect(resultCount(1000, true)).toEqual({ count: 1000, more: true });
    expect(resultCount(37, false)).toEqual({ count: 37, more: false });
  });

  it('knows when a next page exists, also beyond a capped count', () => {
    expect(hasNextPage(1, 24, 32, false, 24)).toBe(true);
    expect(hasNextPage(2, 24, 32, false, 8)).toBe(false);
    expect(hasNextPage(2, 24, 48, false, 24)).toBe(false);
    expect(hasNextPage(42, 24, 1000, true, 24)).toBe(true);
    expect(hasNextPage(50, 24, 1000, true, 3)).toBe(false);
  });

  it('links the last page when it is known, the next one when the count was capped', () => {
    expect(lastPage(1, 24, 32, false, 24)).toBe(2);
    expect(lastPage(1, 24, 0, false, 0)).toBe(1);
    expect(lastPage(1, 24, 1000, true, 24)).toBe(42);
    expect(lastPage(45, 24, 1000, true, 24)).toBe(46);
    expect(lastPage(50, 24, 1000, true, 3)).toBe(50);
  });

  it('lists the first, the neighbours of the current and the last page, with gaps', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageLinks(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageLinks(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageLinks(1, 42, true)).toEqual([1, 2, 'gap', 42, 'gap']);
  });
});

describe('shownImage', () => {
  const image = { filename: '/m/a.webp', thumb_filename: '/m/a-t.webp', match: '/m/a-m.webp' };

  it('shows a checked photo and hides one that is still being checked', () => {
    expect(shownImage({ ...image, status: 'active' })).toEqual({ ...image, status: 'active' });
    expect(shownImage({ ...image, status: 'inspection' })).toBeNull();
    expect(shownImage(null)).toBeNull();
  });
});
