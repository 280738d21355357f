import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@datekit/runtime/errors';
import { API_ROUTES } from '../app.ts';
import { OPERATOR_ROUTES } from '../features/operator/operator-routes.ts';
import { buildOpenApi, openApiPath, operationId, OPERATOR_API_INFO, withServer } from './openapi.ts';
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

const operatorDocument = withServer(
  buildOpenApi(OPERATOR_ROUTES, OPERATOR_API_INFO),
  'https://operator.example.test',
  'The operator host',
);
type OperatorOperation = Operation & {
  security: Record<string, string[]>[];
  parameters: { name: string; in: string }[];
};
const operatorOperation = (route: (typeof OPERATOR_ROUTES)[number]) =>
  (operatorDocument.paths[openApiPath(route.url)] as Record<string, OperatorOperation>)[route.method.toLowerCase()]!;

describe("the operator API's OpenAPI document", () => {
  it("passes Redocly's recommended rules without a single problem", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datekit-operator-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(operatorDocument));
      const report = await redoclyLint(file);
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("documents every operator route, and the members' document none", () => {
    const ids = Object.values(operatorDocument.paths).flatMap((methods) =>
      Object.values(methods as Record<string, Operation>).map((operation) => operation.operationId),
    );
    expect(ids).toHaveLength(OPERATOR_ROUTES.length);
    expect(new Set([...ids, ...operations.map((operation) => operation.operationId)]).size).toBe(
      ids.length + operations.length,
    );
    expect(Object.keys(document.paths).filter((p) => p.startsWith('/api/operator/'))).toEqual([]);
  });

  it("names each route's operator session, its path id and every error answer", () => {
    for (const route of OPERATOR_ROUTES) {
      const operation = operatorOperation(route);
      const name = `${route.method} ${route.url}`;
      expect(operation.security, name).toEqual(route.access === 'public' ? [] : [{ operatorSession: [] }]);
      const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathNames, name).toEqual([...route.url.matchAll(/:(\w+)/g)].map(([, id]) => id));
      for (const code of routeErrors(route)) {
        expect(operation.responses[String(ERRORS[code].status)]?.description, name).toContain(code);
      }
    }
    const ban = operatorOperation(OPERATOR_ROUTES.find((r) => r.url === '/api/operator/members/:id/ban')!);
    expect(ban.responses['403']?.description).toMatch(/authentication_required.*operator_forbidden/);
    expect(ban.responses['404']?.description).toContain('not_found');
  });
});
