import { describe, expect, it } from 'vitest';
import { mayView, type MediaFile } from './media-access.ts';

const photo = (overrides: Partial<Extract<MediaFile, { kind: 'photo' }>> = {}): MediaFile => ({
  kind: 'photo',
  variant: 'full',
  ownerId: 1,
  brand: 'alpha.test',
  profileActive: true,
  approved: true,
  isMain: false,
  blocked: false,
  ...overrides,
});
const free = { id: 2, paid_user: 0 };
const premium = { id: 3, paid_user: 1 };
const owner = { id: 1, paid_user: 0 };
const viewers = [null, free, premium] as const;

describe('mayView', () => {
  it('gives the owner every variant, checked or not, even on a disabled profile', () => {
    for (const variant of ['full', 'thumb', 'match', 'blurred'] as const) {
      expect(mayView(photo({ variant, approved: false, profileActive: false }), owner, 'alpha.test')).toBe(true);
    }
  });

  it('gives nobody else a photo before approval, of a disabled profile, of another brand, or across a block', () => {
    for (const file of [
      photo({ approved: false, isMain: true }),
      photo({ profileActive: false, isMain: true }),
      photo({ brand: 'beta.test', isMain: true }),
      photo({ blocked: true, isMain: true }),
      photo({ blocked: true, variant: 'blurred' }),
    ]) {
      for (const viewer of viewers) expect(mayView(file, viewer, 'alpha.test')).toBe(false);
    }
  });

  it('shows an approved main photo to everyone, the other photos in full to premium members only', () => {
    for (const variant of ['full', 'thumb', 'match'] as const) {
      for (const viewer of viewers) expect(mayView(photo({ variant, isMain: true }), viewer, 'alpha.test')).toBe(true);
      expect(mayView(photo({ variant }), premium, 'alpha.test')).toBe(true);
      expect(mayView(photo({ variant }), free, 'alpha.test')).toBe(false);
      expect(mayView(photo({ variant }), null, 'alpha.test')).toBe(false);
    }
  });

  it('gives the blurred version to members, not to visitors', () => {
    expect(mayView(photo({ variant: 'blurred' }), free, 'alpha.test')).toBe(true);
    expect(mayView(photo({ variant: 'blurred' }), null, 'alpha.test')).toBe(false);
  });

  it('gives a chat photo to the two members only: blurred to both, full to the sender and a premium recipient', () => {
    const chat = (variant: 'full' | 'blurred'): MediaFile => ({ kind: 'chat', variant, senderId: 1, members: [1, 2] });
    expect(mayView(chat('full'), owner, 'alpha.test')).toBe(true);
    expect(mayView(chat('blurred'), free, 'alpha.test')).toBe(true);
    expect(mayView(chat('full'), free, 'alpha.test')).toBe(false);
    expect(mayView(chat('full'), { id: 2, paid_user: 1 }, 'alpha.test')).toBe(true);
    for (const variant of ['full', 'blurred'] as const) {
      expect(mayView(chat(variant), premium, 'alpha.test')).toBe(false);
      expect(mayView(chat(variant), null, 'alpha.test')).toBe(false);
    }
  });
});
