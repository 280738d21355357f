import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIKES,
  isMatchWith,
  likeItems,
  newLikesCount,
  relationOf,
  resetDay,
  withLike,
  type LikesData,
} from './likes.ts';
import { testProfile } from '../test-fixtures.ts';

const profile = (id: number, name: string) => testProfile(id, { name });

// Anna (1) and Bram (2) like the member; the member likes Bram (2) and Cas (3): Bram is a match.
const data: LikesData = {
  profiles: [profile(1, 'Anna'), profile(2, 'Bram'), profile(3, 'Cas')],
  liked_by: [
    { id: 1, like_new: true },
    { id: 2, like_new: false },
  ],
  likes: [{ id: 3 }, { id: 2 }],
  matches: [2],
};

describe('newLikesCount', () => {
  it('counts the received likes still marked new', () => {
    expect(newLikesCount(data.liked_by)).toBe(1);
    expect(newLikesCount([])).toBe(0);
    expect(newLikesCount(Array.from({ length: 120 }, (_, i) => ({ id: i, like_new: true })))).toBe(120);
  });
});

describe('likeItems', () => {
  it('lists received likes in the server order, the new one marked', () => {
    const items = likeItems(data, 'received');
    expect(items.map((item) => [item.profile.name, item.isNew, item.match])).toEqual([
      ['Anna', true, false],
      ['Bram', false, true],
    ]);
    expect(items[0]).toMatchObject({ liked: false, likesYou: true });
  });

  it('lists sent likes and matches, never marked new', () => {
    expect(likeItems(data, 'sent').map((item) => [item.profile.name, item.isNew, item.match])).toEqual([
      ['Cas', false, false],
      ['Bram', false, true],
    ]);
    expect(likeItems(data, 'matches').map((item) => item.profile.name)).toEqual(['Bram']);
  });

  it('leaves out a like whose profile the answer lacks', () => {
    expect(likeItems({ ...data, liked_by: [{ id: 9, like_new: true }, ...data.liked_by] }, 'received')).toHaveLength(2);
  });

  it('shows nothing for no likes', () => {
    expect(likeItems(EMPTY_LIKES, 'received')).toEqual([]);
  });
});

describe('isMatchWith', () => {
  it('is a match when both like each other', () => {
    expect(isMatchWith(data, 2)).toBe(true);
    expect(isMatchWith({ ...data, matches: [] }, 2)).toBe(true);
  });

  it('is no match when only one side likes', () => {
    expect(isMatchWith(data, 1)).toBe(false);
    expect(isMatchWith(data, 3)).toBe(false);
  });
});

describe('withLike', () => {
  it('puts a new like first, and a match first among the matches', () => {
    const next = withLike(data, 1, true);
    expect(next.likes.map((like) => like.id)).toEqual([1, 3, 2]);
    expect(next.matches).toEqual([1, 2]);
    expect(likeItems(next, 'received')[0]).toMatchObject({ liked: true, match: true });
  });

  it('keeps a like that makes no match out of the matches', () => {
    expect(withLike(EMPTY_LIKES, 5, false)).toEqual({ ...EMPTY_LIKES, likes: [{ id: 5 }] });
  });

  it('changes nothing when liking twice', () => {
    expect(withLike(data, 2, true)).toBe(data);
  });
});

describe('relationOf', () => {
  it('names every combination of the two flags', () => {
    expect(relationOf({ liked: true, likes_you: true })).toBe('match');
    expect(relationOf({ liked: false, likes_you: true })).toBe('likes_you');
    expect(relationOf({ liked: true, likes_you: false })).toBe('liked');
    expect(relationOf({ liked: false, likes_you: false })).toBe('none');
  });
});

describe('resetDay', () => {
  // Midnight in Amsterdam (summer time): 22:00 UTC.
  const resetsAt = new Date('2026-07-14T22:00:00Z');

  it('is tomorrow for a member in the brand country during the day', () => {
    expect(resetDay(resetsAt, new Date('2026-07-14T09:00:00Z'), 'Europe/Amsterdam')).toBe('tomorrow');
  });

  it('is today for a member in London, where it is 23:00', () => {
    expect(resetDay(resetsAt, new Date('2026-07-14T09:00:00Z'), 'Europe/London')).toBe('today');
  });

  it('is today when the reset has already passed on a slow page', () => {
    expect(resetDay(resetsAt, new Date('2026-07-15T09:00:00Z'), 'Europe/Amsterdam')).toBe('today');
  });

  it('is later when the reset lies two days ahead', () => {
    expect(resetDay(resetsAt, new Date('2026-07-13T09:00:00Z'), 'Europe/Amsterdam')).toBe('later');
  });
});
