import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@datekit/runtime';
import { API_ROUTES } from '../app.ts';
import { buildOpenApi, operationId, withServer } from './openapi.ts';
import { routeErrors } from './route-errors.ts';

const document = withServer(buildOpenApi(API_ROUTES), 'https://alpha.test');
type Operation = { operationId: string; responses: Record<string, { description: string; content?: unknown }> };
const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods) as Operation[]);

/** Redocly's CLI, run by Node directly: no npx lookup, no network (telemetry and update check off). */
async function redoclyLint(file: string): Promise<{ totals: Record<string, number>; problems: unknown[] }> {
  const pkg = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
  const cli = path.join(path.dirname(pkg), 'bin', 'cli.js');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', '--format=json', file], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  return JSON.parse(stdout) as { totals: Record<string, number>; problems: unknown[] };
}

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without a single problem", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(document));
      const report = await redoclyLint(file);
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names every operation uniquely, for generated clients', () => {
    const ids = operations.map((operation) => operation.operationId);
    expect(ids).toHaveLength(API_ROUTES.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationId({ method: 'GET', url: '/api/chat-photo.php' })).toBe('getChatPhoto');
  });

  it('documents every error answer with its status and codes', () => {
    for (const route of API_ROUTES) {
      const responses = (document.paths[route.url] as Record<string, Operation>)[route.method.toLowerCase()]!.responses;
      for (const code of routeErrors(route)) {
        expect(responses[String(ERRORS[code].status)]?.description, `${route.method} ${route.url}`).toContain(code);
      }
    }
    const message = (document.paths['/api/message.php'] as Record<string, Operation>).post!.responses;
    expect(message['402']?.description).toContain('insufficient_credits');
    expect(message['403']?.description).toMatch(/authentication_required.*blocked_by/);
  });
});
