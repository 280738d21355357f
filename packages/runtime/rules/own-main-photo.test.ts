import { describe, expect, it } from 'vitest';
import { ownMainPhoto } from './own-main-photo.ts';

describe('ownMainPhoto', () => {
  it('shows the member their photo, marked pending while it waits for the check', () => {
    expect(ownMainPhoto({ thumb_filename: '/media/photos/a.webp', status: 'inspection' })).toEqual({
      src: '/media/photos/a.webp',
      pending: true,
    });
    expect(ownMainPhoto({ thumb_filename: '/media/photos/a.webp', status: 'active' })).toEqual({
      src: '/media/photos/a.webp',
      pending: false,
    });
    expect(ownMainPhoto(null)).toBeNull();
  });
});
