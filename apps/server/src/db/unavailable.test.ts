import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/ports.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** A driver error as PostgreSQL sends it, wrapped the way drizzle hands it on. */
const failedQuery = (code: string, params: unknown[] = []) =>
  new DrizzleQueryError('insert into "users" ...', params, Object.assign(new Error('from the server'), { code }));

const refusal = async (host: string) => {
  const client = new pg.Client({ host, port: await freePort(), user: 'postgres' });
  return client.connect().then(
    () => null,
    (err: unknown) => err,
  );
};

describe('which database errors mean "unavailable"', () => {
  it('a refused connection, by address or by a name with several addresses', async () => {
    expect(isDatabaseUnavailable(await refusal('127.0.0.1'))).toBe(true);
    expect(isDatabaseUnavailable(await refusal('localhost'))).toBe(true);
  });

  it('a server shutting down, starting up, cut off or out of connections, and the driver losing the connection', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '57014', '53300']) {
      expect(isDatabaseUnavailable(failedQuery(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('commit', [], new Error('Query read timeout')))).toBe(true);
  });

  it('not a refused write, even one whose values read like a lost connection', () => {
    expect(isDatabaseUnavailable(failedQuery('23505', ['Connection terminated unexpectedly']))).toBe(false);
    expect(isDatabaseUnavailable(failedQuery('23P01'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
