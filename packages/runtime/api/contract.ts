import type { z } from 'zod';
import type * as contracts from '../schemas/api/contracts/index.ts';

export type ContractMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One route of the API as both sides know it: method, path (`:name` for a path parameter, as Fastify
 * writes it), the body and query the server validates, and the answer it serialises through
 * `response`. One contract per route (schemas/api/contracts/), so method, path and types cannot
 * disagree: the server's `defineRoute({ contract, ... })` mounts it, and the browser's
 * `api().call('METHOD path', input)` names it by its key and takes its types from it. The browser
 * never imports a contract's value: its schemas would bring zod into every island's bundle.
 */
export interface RouteContract {
  readonly method: ContractMethod;
  readonly path: string;
  /**
   * The address the browser calls when the spec gives the route another one than where the server
   * mounts it (`/api/user.php?push=1`, which the server rewrites to `path`). It is the contract's key.
   */
  readonly address?: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response?: z.ZodType;
}

/** Declares a route's contract; `const` keeps the method and path as literal types. */
export function contract<const C extends RouteContract>(spec: C): C {
  return spec;
}

type SchemaOf<C, K extends 'body' | 'query' | 'response'> = C extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

type ContractIn<T> = T extends RouteContract ? T : never;
type AllContracts = ContractIn<(typeof contracts)[keyof typeof contracts]>;

type AddressOf<C extends RouteContract> = C extends { readonly address: infer A extends string } ? A : C['path'];

/**
 * Every contract by its key, `'METHOD path'` (`'GET /api/member.php'`, `'POST /api/operator/members/:id/notes'`),
 * or `'METHOD address'` for a contract with an `address`.
 */
export type ApiContracts = { [C in AllContracts as `${C['method']} ${AddressOf<C>}`]: C };
export type ContractKey = keyof ApiContracts;

/** A contract, given as itself (`typeof memberRoute`) or by its key. */
type ContractOf<R extends RouteContract | ContractKey> = R extends ContractKey ? ApiContracts[R] : R;

/**
 * The answer of a route: what its response schema outputs (what the server serialised). Islands and
 * stores name an answer this way (`ApiAnswer<'GET /api/member.php'>`) rather than retyping it.
 */
export type ApiAnswer<R extends RouteContract | ContractKey> =
  SchemaOf<ContractOf<R>, 'response'> extends z.ZodType ? z.output<SchemaOf<ContractOf<R>, 'response'>> : undefined;

/** The names of a path's `:name` parameters. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A value of the query string (null and undefined are left out of it). */
export type QueryValue = string | number | boolean | null | undefined;

/** A query value of this type; any value of the address for a key the schema does not check (a loose object). */
type QueryValueOf<V> = unknown extends V ? QueryValue : Extract<V, QueryValue>;

/**
 * A route's query as the client passes it: the keys the schema takes (optional where the schema lets
 * them be missing) with the values it turns them into; the client writes them into the address.
 */
type QueryInput<Q extends z.ZodType> = {
  [K in keyof z.input<Q>]: K extends keyof z.output<Q> ? QueryValueOf<z.output<Q>[K]> : never;
};

/** No field at all: an input that `Empty` is assignable to may be left out. */
export type Empty = Record<never, never>;

type BodyPart<C> =
  SchemaOf<C, 'body'> extends z.ZodType
    ? Empty extends z.input<SchemaOf<C, 'body'>>
      ? { body?: z.input<SchemaOf<C, 'body'>> }
      : { body: z.input<SchemaOf<C, 'body'>> }
    : { body?: never };

type QueryPart<C> =
  SchemaOf<C, 'query'> extends z.ZodType
    ? Empty extends QueryInput<SchemaOf<C, 'query'>>
      ? { query?: QueryInput<SchemaOf<C, 'query'>> }
      : { query: QueryInput<SchemaOf<C, 'query'>> }
    : { query?: never };

type ParamsPart<C extends RouteContract> = [ParamNames<C['path']>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<C['path']>, string | number> };

/** What a call of the route sends: its path parameters, query and body, each checked against the contract. */
export type ApiInput<R extends RouteContract | ContractKey> = ParamsPart<ContractOf<R>> &
  QueryPart<ContractOf<R>> &
  BodyPart<ContractOf<R>>;

/** The method and path of a contract's key. */
export function splitKey(key: string): { method: ContractMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as ContractMethod, path: key.slice(space + 1) };
}

/** The address of a call: the path with its parameters filled in (each URI-encoded). */
export function contractPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
