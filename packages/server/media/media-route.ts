import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { ApiError } from '../errors/api-error.ts';
import type { Services } from '../services.ts';

/**
 * Serves processed images from the media folder. Only files the server itself wrote live there
 * (re-encoded by sharp), so the type is known from the extension.
 */
export async function serveMedia(services: Services, pathname: string | null, reply: FastifyReply) {
  const relative = pathname?.replace(/^\/media\//, '') ?? '';
  if (!/^[\w-]+(\/[\w.-]+)*\.webp$/.test(relative)) throw new ApiError('not_found');
  const file = path.join(services.config.mediaDir, relative);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new ApiError('not_found');
  return reply
    .header('cache-control', 'public, max-age=86400')
    .header('content-length', stat.size)
    .type('image/webp')
    .send(fs.createReadStream(file));
}
