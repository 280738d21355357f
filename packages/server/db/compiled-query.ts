import type { CompiledQuery, Compilable, Kysely } from 'kysely';

/** Stands for a named parameter while a query shape is built; replaced by its value per execution. */
class Parameter {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/** A query shape compiled once per database; each call fills in the named parameters. */
export interface CompiledShape<DB, P, R> {
  /** The query for these values, ready for `db.executeQuery` (a transaction's `trx` too). */
  compile(db: Kysely<DB>, params: P): CompiledQuery<R>;
  /** Runs it through `db` (or a transaction) and answers every row. */
  all(db: Kysely<DB>, params: P): Promise<R[]>;
  /** Runs it through `db` (or a transaction) and answers the first row, if any. */
  first(db: Kysely<DB>, params: P): Promise<R | undefined>;
}

/**
 * A hot query built and compiled once per query shape, rather than on every request: Kysely's
 * builders and its compiler cost as much CPU as running the SQL (issue 28: 15.8 % building, 7.2 %
 * compiling, on every request). `build` receives stand-ins for the named parameters; it must only
 * place them in the query as values (`.where('s.token_hash', '=', p.tokenHash)`), never compute with
 * them or branch on them, since it runs once: a parameter that does not reach the compiled query
 * throws. Each execution copies the compiled parameters with the values in place of the stand-ins. A
 * shape is compiled once per database (its dialect's adapter, which its transactions share), so the
 * SQL text is the same on every execution: one prepared statement on SQLite (statement-cache.ts).
 *
 *   const memberById = compiledQuery((db: Db, p: { id: number }) => selectMembers(db).where('u.id', '=', p.id));
 *   const row = await memberById.first(services.db, { id });
 */
export function compiledQuery<DB, P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): CompiledShape<DB, P, R> {
  const shapes = new WeakMap<object, CompiledQuery<R>>();
  const placed = new Set<string>();
  const stand = new Proxy({} as P, {
    get(_target, name) {
      placed.add(String(name));
      return new Parameter(String(name));
    },
  });

  function shapeFor(db: Kysely<DB>): CompiledQuery<R> {
    const adapter = db.getExecutor().adapter;
    let shape = shapes.get(adapter);
    if (!shape) {
      shape = build(db, stand).compile();
      const names = new Set(shape.parameters.filter((v) => v instanceof Parameter).map((v) => v.name));
      const lost = [...placed].filter((name) => !names.has(name));
      if (lost.length) throw new Error(`compiledQuery: parameter(s) ${lost.join(', ')} used other than as a value`);
      shapes.set(adapter, shape);
    }
    return shape;
  }

  function compile(db: Kysely<DB>, params: P): CompiledQuery<R> {
    const shape = shapeFor(db);
    const parameters = shape.parameters.map((value) => {
      if (!(value instanceof Parameter)) return value;
      if (!(value.name in params)) throw new Error(`compiledQuery: no value for parameter ${value.name}`);
      return params[value.name];
    });
    return { ...shape, parameters };
  }

  return {
    compile,
    all: async (db, params) => (await db.executeQuery(compile(db, params))).rows,
    first: async (db, params) => (await db.executeQuery(compile(db, params))).rows[0],
  };
}
