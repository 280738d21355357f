import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Gives replies `sendFile` for the site's assets without mounting routes of its own (the site handler
 * picks the file by brand and language): ETag, Last-Modified, 304, ranges, and precompressed
 * variants written by the build (`.br`, `.gz`) chosen by Accept-Encoding.
 */
export function registerStaticFiles(app: FastifyInstance, distDir: string): void {
  void app.register(fastifyStatic, {
    root: distDir,
    serve: false,
    preCompressed: true,
    etag: true,
    lastModified: true,
  });
}
