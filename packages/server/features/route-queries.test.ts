import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One layout per feature (README, "Where SQL lives"): a `*.routes.ts` file declares, validates and
 * calls; its SQL lives in `*.queries.ts` beside it (plain functions taking `db` or a transaction).
 * This scan fails when a route file builds a query itself (issue 26 moved the last of them).
 */

const FEATURES = import.meta.dirname;

/** Where a query is built: Kysely's four statements, raw `sql`, or the profile list builder. */
const BUILDS_A_QUERY =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql\s*(?:<[^`]*?>)?`|\bselectProfiles\(/g;

/** The source without comments, so a comment naming a statement is not taken for one. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The lines of `source` that build a query. */
function inlineQueries(source: string): number[] {
  const code = withoutComments(source);
  return [...code.matchAll(BUILDS_A_QUERY)].map((m) => code.slice(0, m.index).split('\n').length);
}

function routeFiles(dir = FEATURES, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) routeFiles(full, out);
    else if (entry.name.endsWith('.routes.ts')) out.push(path.relative(FEATURES, full).split(path.sep).join('/'));
  }
  return out.sort();
}

const routes = routeFiles().map((file) => ({
  file,
  lines: inlineQueries(fs.readFileSync(path.join(FEATURES, file), 'utf8')),
}));

describe('route files call queries, they do not build them', () => {
  it('finds the route files', () => {
    expect(routes.length).toBeGreaterThanOrEqual(40);
    expect(routes.map((r) => r.file)).toContain('blocks/blocks.routes.ts');
  });

  it('no route file builds a query inline', () => {
    const report = routes.filter((r) => r.lines.length > 0).map((r) => `features/${r.file}:${r.lines.join(',')}`);
    expect(report, 'move these queries into the *.queries.ts beside the route file').toEqual([]);
  });

  it('flags each way of building a query, and not a call to a query function or a comment', () => {
    const route = `
      const rows = await services.db.selectFrom('photos').selectAll().execute();
      await trx
        .insertInto('blocks').values(row).execute();
      await trx.updateTable('profiles').set(changes).execute();
      await services.db.deleteFrom('blocks').execute();
      await sql\`select 1\`.execute(services.db);
      const n = await sql<{ n: number }>\`select 1 as n\`.execute(services.db);
      const list = await selectProfiles(services.db).execute();
      // services.db.selectFrom('photos') in a comment
      /* trx.deleteFrom('likes'),
         services.db.selectFrom('photos') */
      const photos = await ownPhotos(services.db, member.id);
      const count = await photoCount(trx, member.id);
      await services.db.deleteFrom('likes').execute();`;
    expect(inlineQueries(route)).toEqual([2, 4, 5, 6, 7, 8, 9, 15]);
  });
});
