import { describe, expect, it } from 'vitest';
import { initials, navState, type NavMember } from './nav.ts';

const member = (overrides: Partial<NavMember> = {}): NavMember => ({
  paid_user: false,
  credits: 0,
  profile: { name: 'Anna Maria', main_image: null },
  ...overrides,
});
const none = { unreadMessages: 0, newLikes: 0 };

describe('navState', () => {
  it('waits while the member is not known yet', () => {
    expect(navState(undefined, none)).toEqual({ kind: 'unknown' });
  });

  it('shows the login button to visitors', () => {
    expect(navState(null, none)).toEqual({ kind: 'visitor' });
  });

  it('offers Get Premium to members who never paid, without credits', () => {
    const state = navState(member(), none);
    expect(state).toMatchObject({
      kind: 'member',
      premiumCta: true,
      credits: null,
      name: 'Anna Maria',
      initials: 'AM',
    });
  });

  it('shows credits with a badge state to paying members', () => {
    expect(navState(member({ paid_user: true, credits: 50 }), none)).toMatchObject({
      premiumCta: false,
      credits: { balance: 50, badge: 'none' },
    });
    expect(navState(member({ paid_user: true, credits: 4 }), none)).toMatchObject({ credits: { badge: 'warning' } });
    expect(navState(member({ paid_user: true, credits: 0 }), none)).toMatchObject({ credits: { badge: 'danger' } });
  });

  it('turns counters into badge texts', () => {
    expect(navState(member(), { unreadMessages: 150, newLikes: 3 })).toMatchObject({
      messagesBadge: '99+',
      likesBadge: '3',
    });
  });

  it('shows the member their own thumbnail, marked pending while it waits for the photo check', () => {
    const image = { thumb_filename: '/media/t.webp', status: 'active' as const };
    expect(navState(member({ profile: { name: 'x', main_image: image } }), none)).toMatchObject({
      thumbnail: '/media/t.webp',
      thumbnailPending: false,
    });
    expect(
      navState(member({ profile: { name: 'x', main_image: { ...image, status: 'inspection' } } }), none),
    ).toMatchObject({ thumbnail: '/media/t.webp', thumbnailPending: true });
    expect(navState(member(), none)).toMatchObject({ thumbnail: null, thumbnailPending: false });
  });
});

describe('initials', () => {
  it('takes the first letters of up to two words', () => {
    expect(initials('jan')).toBe('J');
    expect(initials('anna-maria de vries')).toBe('AM');
    expect(initials('  élodie ')).toBe('É');
  });
});
