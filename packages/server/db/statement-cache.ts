import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared (queries with `in (…)` lists of every length make many). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 as Kysely's SQLite dialect wants it, with each statement prepared once per SQL text
 * and reused, least recently used dropped first. Kysely prepares a new statement for every query, and
 * each one is a native object that V8 frees in a weak callback at the next young-generation garbage
 * collection: a dozen per request. With 10,000 open event streams those callbacks made every such
 * collection 7 ms long, most of it in `heap.external_weak_global_handles` (see bench/events-scale.ts),
 * and deliveries waited behind it. Reusing also skips compiling the SQL again.
 *
 * Kysely runs one query at a time on the single connection, so a statement is never used twice at
 * once; one still being iterated (an unfinished stream) is not handed out again, a new one is.
 */
export function withStatementCache(
  database: SQLite.Database,
  capacity = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { readonly cachedStatements: number } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    get cachedStatements() {
      return statements.size;
    },
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last: the map's first key is the one to drop.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      if (cached) return statement;
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}
