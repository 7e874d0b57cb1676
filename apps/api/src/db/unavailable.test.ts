import { describe, expect, it } from 'vitest';
import { isDatabaseBusy, isDatabaseUnavailable } from './unavailable.js';

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** As the ORM hands a driver's error on: its own message (with the query), the driver's as the cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('telling an unreachable database from a failed query', () => {
  it.each([
    ['a refused connection', coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', coded('ECONNRESET')],
    ['a connection that timed out', coded('ETIMEDOUT')],
    [
      'an administrator shutdown (57P01)',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    [
      'a server that cannot take connections now (57P03)',
      coded('57P03', 'the database system is starting up'),
    ],
    ['a connection exception (08006)', coded('08006')],
    ['a connection ended under the query', new Error('Connection terminated unexpectedly')],
    ['a pool that hands out no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a closed embedded database', new Error('PGlite is closed')],
    [
      'both addresses of localhost refused',
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]),
    ],
  ])('%s is the database being unavailable, wrapped or not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(wrapped(error)))).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a missing table', coded('42P01')],
    ['a statement timeout', coded('57014', 'canceling statement due to statement timeout')],
    ['a bug', new TypeError('x is undefined')],
    ['no error at all', 'failed'],
  ])('%s is not', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });
});

describe('telling a lock conflict from a failed query', () => {
  it.each([
    ['a deadlock (40P01)', coded('40P01', 'deadlock detected')],
    ['a lock time-out (55P03)', coded('55P03', 'canceling statement due to lock timeout')],
    ['a serialization failure (40001)', coded('40001', 'could not serialize access')],
  ])('%s is the database being busy, wrapped or not, and not unavailable', (_, error) => {
    expect(isDatabaseBusy(error)).toBe(true);
    expect(isDatabaseBusy(wrapped(wrapped(error)))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a statement timeout', coded('57014', 'canceling statement due to statement timeout')],
    ['a refused connection', coded('ECONNREFUSED')],
  ])('%s is not', (_, error) => {
    expect(isDatabaseBusy(wrapped(error))).toBe(false);
  });
});
