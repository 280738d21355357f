import { z } from 'zod';
import { contract } from '../../../api/contract.ts';
import { geocodeResponseSchema } from '../geocode.ts';
import { okResponseSchema } from '../ok.ts';
import { ownPhotosResponseSchema, uploadPhotoResponseSchema } from '../photos.ts';
import { ownProfileResponseSchema, profileUpdateSchema } from '../profile.ts';

export const ownProfileRoute = contract({
  method: 'GET',
  path: '/api/profile.php',
  response: ownProfileResponseSchema,
});

export const updateProfileRoute = contract({
  method: 'PUT',
  path: '/api/profile.php',
  body: profileUpdateSchema,
  response: ownProfileResponseSchema,
});

/** The town nearest to a position (the browser's geolocation). */
export const geocodeRoute = contract({
  method: 'GET',
  path: '/api/geocode.php',
  query: z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) }),
  response: geocodeResponseSchema,
});

export const ownPhotosRoute = contract({ method: 'GET', path: '/api/photos.php', response: ownPhotosResponseSchema });

/**
 * A new photo. The body is the image itself (its own content type), which `api().call` does not send:
 * `stores/photos.ts` uploads it with `fetch` to `uploadPhotoRoute.path`.
 */
export const uploadPhotoRoute = contract({
  method: 'POST',
  path: '/api/photos.php',
  response: uploadPhotoResponseSchema,
});

const photoIdBodySchema = z.object({ id: z.number().int().positive() });

export const mainPhotoRoute = contract({
  method: 'PUT',
  path: '/api/photos.php',
  body: photoIdBodySchema,
  response: okResponseSchema,
});

export const deletePhotoRoute = contract({
  method: 'DELETE',
  path: '/api/photos.php',
  body: photoIdBodySchema,
  response: okResponseSchema,
});
