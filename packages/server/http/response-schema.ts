import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/**
 * The JSON Schema Fastify serialises a route's answer with (fast-json-stringify): only declared fields
 * leave the server, so a column added to a row cannot leak by accident. The OpenAPI 3.0 dialect says
 * "nullable" with a keyword instead of an `anyOf`, which the serializer compiles to a faster branch.
 */
export function serializerSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    target: 'openapi-3.0',
    unrepresentable: 'any',
  });
  return withNumericExclusiveBounds(json) as Record<string, unknown>;
}

/**
 * OpenAPI 3.0 writes a strict bound (`z.number().positive()`) as `minimum: 0, exclusiveMinimum: true`;
 * Fastify compiles the serializer schema as JSON Schema draft 7, where the bound is the number itself.
 */
function withNumericExclusiveBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNumericExclusiveBounds);
  if (typeof node !== 'object' || node === null) return node;
  const json: Record<string, unknown> = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, withNumericExclusiveBounds(value)]),
  );
  // Only a schema's keyword is `true`; a `properties` entry of the same name holds an object.
  if (json.exclusiveMinimum === true) {
    json.exclusiveMinimum = json.minimum;
    delete json.minimum;
  }
  if (json.exclusiveMaximum === true) {
    json.exclusiveMaximum = json.maximum;
    delete json.maximum;
  }
  return json;
}

/**
 * Throws unless `answer` is exactly what `schema` declares: every field present with its type, and no
 * field the serializer would drop or coerce without a word. The API tests run with this check on, so a
 * handler and its declared answer cannot drift apart.
 */
export function checkAnswer(route: string, schema: z.ZodType, answer: unknown): void {
  const parsed = schema.safeParse(answer);
  const problem = !parsed.success
    ? z.prettifyError(parsed.error)
    : undeclared(JSON.parse(JSON.stringify(answer)), JSON.parse(JSON.stringify(parsed.data)));
  if (!problem) return;
  const message = `${route} answered outside its response schema:\n${problem}`;
  // The 500 this causes carries no detail to the client; the test run shows why (checkResponses is
  // on in the API tests only: this is test output, not a log line).
  // eslint-disable-next-line no-console
  console.error(message);
  throw new Error(message);
}

function undeclared(sent: unknown, declared: unknown): string | null {
  if (isDeepStrictEqual(sent, declared)) return null;
  return `fields the serializer would drop or change:\nanswered ${JSON.stringify(sent)}\ndeclared ${JSON.stringify(declared)}`;
}
