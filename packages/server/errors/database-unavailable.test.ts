import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/cli-process.ts';
import { isDatabaseUnavailable, unavailableReason } from './database-unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises what a refused, cut or shutting-down connection throws', async () => {
    // The real thing: node-postgres connecting to a port where nothing listens.
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'postgres' });
    const refused = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(unavailableReason(refused)).toMatch(/ECONNREFUSED/);

    for (const error of [
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
      new Error('query failed', { cause: withCode('connect ETIMEDOUT 10.0.0.9:5432', 'ETIMEDOUT') }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
    }
    // An AggregateError has no message of its own: the reason is its first error's.
    expect(unavailableReason(new AggregateError([new Error('connect ECONNREFUSED ::1:5432')], ''))).toBe(
      'connect ECONNREFUSED ::1:5432',
    );
  });

  it('leaves faults of the query or of the code alone (they stay 4xx/500)', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('deadlock detected', '40P01'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'Connection terminated',
      null,
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
