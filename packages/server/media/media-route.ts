import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.ts';
import { loadSessionViewer } from '../features/users/current-member.ts';
import type { Services } from '../services.ts';
import { decodePath } from '../site/site-handler.ts';
import { findMediaFile, mayView } from './media-access.ts';

/** A stored name: one folder, one file of word characters and dashes, WebP. Nothing else is ever looked up. */
const MEDIA_NAME = /^[a-z]+\/[\w-]+\.webp$/;

/**
 * Serves a processed image to a viewer the photo rules allow (`mayView`), deciding per request from
 * the session cookie; anything else, a file that exists included, answers 404 so nothing tells
 * whether it exists. Only names the database holds are served, so no path outside the media folder
 * can be reached. The answer depends on who asks and on state that changes (approval, main photo,
 * blocks, deletion): browsers may keep it (`private`), shared caches must not.
 */
export async function serveMedia(services: Services, request: FastifyRequest, reply: FastifyReply) {
  const name = decodePath(request.url)?.replace(/^\/media\//, '') ?? '';
  if (!MEDIA_NAME.test(name)) throw new ApiError('not_found');
  const brand = request.brand!;
  const viewer = await loadSessionViewer(services, request, brand);
  const file = await findMediaFile(services, name, viewer);
  if (!file || !mayView(file, viewer, brand.domain)) throw new ApiError('not_found');
  const stored = path.join(services.config.mediaDir, name);
  const stat = await fs.promises.stat(stored).catch(() => null);
  if (!stat?.isFile()) throw new ApiError('not_found');
  return reply
    .header('cache-control', 'private, max-age=86400')
    .header('vary', 'Cookie')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-length', stat.size)
    .type('image/webp')
    .send(fs.createReadStream(stored));
}
