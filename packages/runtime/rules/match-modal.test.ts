import { describe, expect, it } from 'vitest';
import {
  matchEventProfileId,
  matchModalDelayMs,
  matchModalImage,
  matchModalTargets,
  matchModalTitleKey,
  ownMatchImage,
  withDelayParam,
  withoutDelayParam,
} from './match-modal.ts';

describe('matchModalDelayMs', () => {
  it('turns a number of seconds into milliseconds', () => {
    expect(matchModalDelayMs('?t=1')).toBe(1000);
    expect(matchModalDelayMs('?t=0')).toBe(0);
    expect(matchModalDelayMs('?t=2.5&x=1')).toBe(2500);
    expect(matchModalDelayMs('?x=1&t=30')).toBe(30_000);
  });

  it('ignores a t that is not a number', () => {
    expect(matchModalDelayMs('')).toBeNull();
    expect(matchModalDelayMs('?t=')).toBeNull();
    expect(matchModalDelayMs('?t=soon')).toBeNull();
    expect(matchModalDelayMs('?t=-3')).toBeNull();
    expect(matchModalDelayMs('?t=1e3')).toBeNull();
    expect(matchModalDelayMs('?time=3')).toBeNull();
  });
});

describe('withDelayParam', () => {
  it('adds t to an address, with or without a query', () => {
    expect(withDelayParam('/members', 1)).toBe('/members?t=1');
    expect(withDelayParam('/members?page=2', 1)).toBe('/members?page=2&t=1');
  });
});

describe('withoutDelayParam', () => {
  it('removes t and keeps everything else', () => {
    expect(withoutDelayParam(new URL('http://x.test/likes?t=1'))).toBe('/likes');

    expect(withoutDelayParam(new URL('http://x.test/members/7?a=1&t=3&b=2#top'))).toBe('/members/7?a=1&b=2#top');
  });
});

describe('matchEventProfileId', () => {
  it('reads a positive integer profile id', () => {
    expect(matchEventProfileId({ profileId: 42 })).toBe(42);
  });

  it('rejects anything else', () => {
    expect(matchEventProfileId(null)).toBeNull();
    expect(matchEventProfileId(42)).toBeNull();
    expect(matchEventProfileId({ profileId: '42' })).toBeNull();
    expect(matchEventProfileId({ profileId: 0 })).toBeNull();
    expect(matchEventProfileId({ profileId: 1.5 })).toBeNull();
    expect(matchEventProfileId({ id: 42 })).toBeNull();
  });
});

describe('the modal', () => {
  it('says "It\'s a Match" for a match and "New like!" otherwise', () => {
    expect(matchModalTitleKey(true)).toBe('match_modal.title_match');
    expect(matchModalTitleKey(false)).toBe('match_modal.title_like');
  });

  it('leads from the image to the profile and from the button into the chat', () => {
    expect(matchModalTargets(7)).toEqual({ image: '/members/7', button: '/members/7/chat' });
  });

  it('shows the match crop of a checked main image only', () => {
    const image = { filename: '/media/a.webp', thumb_filename: '/media/a-t.webp', match: '/media/a-m.webp' };
    expect(matchModalImage({ main_image: { ...image, status: 'active' } })).toBe('/media/a-m.webp');
    expect(matchModalImage({ main_image: { ...image, status: 'inspection' } })).toBeNull();
    expect(matchModalImage({ main_image: null })).toBeNull();
  });

  it('shows the member her own main photo also while it awaits its check', () => {
    const image = { filename: '/media/a.webp', thumb_filename: '/media/a-t.webp', match: '/media/a-m.webp' };
    expect(ownMatchImage({ main_image: { ...image, status: 'inspection' } })).toBe('/media/a-m.webp');
    expect(ownMatchImage({ main_image: { ...image, status: 'active' } })).toBe('/media/a-m.webp');
    expect(ownMatchImage({ main_image: null })).toBeNull();
  });
});
