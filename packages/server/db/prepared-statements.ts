import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Distinct SQL texts that get a prepared statement, per process. Query shapes are few (a hundred or
 * so), but `in (…)` lists of every length each make a text; past this many, a new text runs unnamed,
 * as before, so neither this map nor a connection's statements in PostgreSQL grow without end.
 */
export const MAX_PREPARED_TEXTS = 2_000;

const names = new Map<string, string>();

/**
 * Marks a query to run unnamed on PostgreSQL: parsed and planned for its values on every execution.
 * For a query whose best plan depends on its values. After five runs of a prepared statement
 * PostgreSQL may keep a generic plan, made without them: for the member search, whose filters match
 * thousands where that plan guessed 4, it sorted every match (3.6 ms a page at 3,500 members,
 * where the plan for the values walks the search's index and stops after the page: 0.6 ms). With the
 * tables analysed, as autovacuum keeps a live installation's, PostgreSQL chose it every time.
 * Put it in the query with `.modifyEnd(plannedPerExecution)`; a comment, so SQLite ignores it.
 */
const PLANNED_PER_EXECUTION = '/* planned per execution */';
export const plannedPerExecution = sql.raw(PLANNED_PER_EXECUTION);

/**
 * `select *`, `"t".*` or `returning *`: the text's columns are the table's, whatever they are when it
 * runs. Such a text is not prepared: after a migration adds a column (`datekit db migrate` runs while
 * the old instances still serve), PostgreSQL refuses a prepared one ("cached plan must not change
 * result type") on every connection that prepared it. `count(*)` is not a column list.
 */
const ALL_COLUMNS = /(?:^|[\s,])(?:"[^"]+"\.)?\*(?:\s*,|\s+from\b|\s*$)/i;

/** The statement name of a SQL text, the same in every process (so a log shows which query it is). */
function statementName(text: string): string | undefined {
  if (ALL_COLUMNS.test(text) || text.endsWith(PLANNED_PER_EXECUTION)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < MAX_PREPARED_TEXTS) {
    name = `dk_${createHash('sha1').update(text).digest('hex')}`;
    names.set(text, name);
  }
  return name;
}

/** How many SQL texts have a statement name now (for tests). */
export function preparedTextCount(): number {
  return names.size;
}

/**
 * Makes every client of `pool` run each parameterised query as a named prepared statement: PostgreSQL
 * parses, analyses and plans a query's text once per connection instead of on every execution (for the
 * member and search queries, with their subqueries, that was more CPU than running them), and after
 * five runs may keep a generic plan. Kysely sends a query as `query(text, parameters)`; the name is a
 * hash of the text, so one query shape is one statement on each connection.
 *
 * Only queries with parameters: a text without any goes over the simple protocol, which also runs
 * several statements in one text (migrations do), and a prepared statement cannot. A schema change
 * does not break them: PostgreSQL re-plans a prepared statement after DDL on a table it reads.
 */
export function prepareStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = statementName(text);
        if (name) return query({ name, text, values });
      }
      return query(...args);
    }) as typeof client.query;
  });
}
