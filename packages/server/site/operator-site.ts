import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toLocale } from '@datekit/runtime/data/locales';
import { LANGUAGE_COOKIE_NAME } from '@datekit/runtime/rules/constants';
import { OPERATOR_COOKIE } from '../features/operator/operator-sessions.ts';
import { pageEncoding, readPage } from './page-body.ts';
import { decodePath } from './site-handler.ts';

/** Where `datekit build` puts the console: `dist/_operator/<lang>/<page>/index.html` (`_` is no domain). */
export const OPERATOR_DIST = '_operator';
/** The only page a visitor without the console's session cookie gets; everything else redirects to it. */
const LOGIN_PATH = '/login';

/**
 * Serves the operator console's prerendered pages on the operator host, in the language of the `lang`
 * cookie when the console was built in it, else English. The pages hold no data: their islands ask
 * /api/operator/, which checks the session and role on every request.
 */
export class OperatorSite {
  private readonly root: string;
  private readonly languages: string[];

  private readonly distDir: string;

  constructor(distDir: string) {
    this.distDir = distDir;
    this.root = path.join(distDir, OPERATOR_DIST);
    this.languages = fs.existsSync(this.root)
      ? fs
          .readdirSync(this.root, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
      : [];
  }

  async serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (!this.languages.length)
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The operator console has not been built yet: run datekit build.');
    const pathname = decodePath(request.url);
    const wanted = toLocale(request.cookies[LANGUAGE_COOKIE_NAME]);
    const lang =
      wanted && this.languages.includes(wanted) ? wanted : this.languages.includes('en') ? 'en' : this.languages[0]!;
    if (pathname?.startsWith('/_astro/'))
      return this.sendFile(reply, path.join(this.distDir, pathname), 'public, max-age=31536000, immutable');
    const page = pathname === null ? null : path.join(this.root, lang, pathname, 'index.html');
    if (!page || !fs.existsSync(page))
      return this.sendHtml(request, reply, path.join(this.root, lang, '404.html'), 404);
    if (pathname !== LOGIN_PATH && !request.cookies[OPERATOR_COOKIE]) return reply.redirect(LOGIN_PATH, 302);
    return this.sendHtml(request, reply, page, 200);
  }

  private async sendHtml(request: FastifyRequest, reply: FastifyReply, file: string, status: number) {
    const body = await readPage(file, pageEncoding(request.headers['accept-encoding'])).catch(() => null);
    if (!body) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (body.encoding) reply.header('content-encoding', body.encoding);
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body.bytes);
  }

  private async sendFile(reply: FastifyReply, file: string, cacheControl: string) {
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (file.endsWith('.js')) reply.type('text/javascript; charset=utf-8');
    if (file.endsWith('.css')) reply.type('text/css; charset=utf-8');
    return reply
      .header('cache-control', cacheControl)
      .header('vary', 'Accept-Encoding')
      .sendFile(path.basename(file), path.dirname(file), { cacheControl: false });
  }
}
