import type { FastifyReply } from 'fastify';

/**
 * An answer already serialised by its route's response schema, kept as UTF-8 bytes. `mountRoute`
 * sends the bytes as they are (no serialiser, no string encoding per request) and, in the API tests,
 * still checks `value` against the schema.
 */
export class SerializedAnswer<T> {
  constructor(
    readonly value: T,
    readonly json: Buffer,
  ) {}
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
