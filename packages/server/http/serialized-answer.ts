import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * An answer already serialised by its route's response schema, kept as UTF-8 bytes. `mountRoute`
 * sends the bytes as they are (no serialiser, no string encoding per request), with a strong ETag of
 * those bytes (a 304 to a matching If-None-Match), and, in the API tests, still checks `value`
 * against the schema.
 */
export class SerializedAnswer<T> {
  readonly etag: string;

  readonly value: T;
  readonly json: Buffer;

  constructor(value: T, json: Buffer) {
    this.value = value;
    this.json = json;
    this.etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  }
}

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 §13.1.2: `*`, or a list compared weakly,
 * so `W/"x"` matches `"x"`).
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  const weak = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || weak(trimmed) === etag;
  });
}

/**
 * Answers that are a pure function of a small, bounded key (a brand and a country, say) within one
 * scope (the app's services: its config and brands), serialised once through the route's response
 * schema and reused. Only for keys drawn from a finite set: the cache forgets nothing while its scope
 * lives.
 */
export class AnswerCache<T> {
  private readonly scopes = new WeakMap<object, Map<string, SerializedAnswer<T>>>();

  get(reply: FastifyReply, scope: object, key: string, build: () => T): SerializedAnswer<T> {
    let answers = this.scopes.get(scope);
    if (!answers) {
      answers = new Map();
      this.scopes.set(scope, answers);
    }
    let answer = answers.get(key);
    if (!answer) {
      const value = build();
      // reply.serialize is the route's compiled response-schema serialiser for the current status.
      answer = new SerializedAnswer(value, Buffer.from(reply.serialize(value) as string, 'utf8'));
      answers.set(key, answer);
    }
    return answer;
  }
}
