import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './databaseReach.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it('knows a refused, dropped, stopping, starting or full PostgreSQL, also wrapped, from a wrong query', () => {
    const refused = Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), {});
    const unreachable = [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('Query failed'), { driverError: new Error('Connection terminated unexpectedly') }),
      refused,
    ];
    for (const error of unreachable) expect(isDatabaseUnreachable(error), String(error)).toBe(true);
    for (const error of [withCode('42601', 'syntax error'), withCode('23505'), new Error('boom'), null, 'ECONNREFUSED']) {
      expect(isDatabaseUnreachable(error), String(error)).toBe(false);
    }
  });
});
