import type { Image } from '../schemas/api/user.ts';

/** The member's own main photo as they see it themselves. */
export interface OwnMainPhoto {
  src: string;
  /** Still waiting for the photo check: shown to its owner, marked "awaiting check"; nobody else gets it. */
  pending: boolean;
}

/**
 * The member's own main image, whether or not it passed the photo check: the server sends the owner
 * their photo while it waits (status `inspection`) and sends others none until it is approved.
 */
export function ownMainPhoto(image: Pick<Image, 'thumb_filename' | 'status'> | null): OwnMainPhoto | null {
  return image ? { src: image.thumb_filename, pending: image.status !== 'active' } : null;
}
