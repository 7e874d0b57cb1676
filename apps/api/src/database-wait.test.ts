import { describe, expect, it } from 'vitest';
import {
  describeDatabaseError,
  isWorthWaitingFor,
  LONGEST_WAIT_MS,
  unreachableReason,
  untilReachable,
  waitAfter,
} from './database-wait.js';

const failure = (code: string, message = code) => Object.assign(new Error(message), { code });
// How the ORM wraps the driver's error: its message names the statement's parameters.
const wrapped = (cause: Error) =>
  Object.assign(new Error('Failed query: select $1\nparams: Secret-value-1'), { cause });

describe('waiting for the database at start', () => {
  it('waits on what passes (refused, timed out, starting up, no such host yet, out of connections)', () => {
    for (const error of [
      failure('ECONNREFUSED'),
      failure('ETIMEDOUT'),
      new Error('timeout exceeded when trying to connect'),
      wrapped(failure('57P03', 'the database system is starting up')),
      failure('ENOTFOUND'),
      failure('EAI_AGAIN'),
      failure('53300', 'sorry, too many clients already'),
    ])
      expect(isWorthWaitingFor(error)).toBe(true);
  });

  it('stops on what no wait fixes (a refused password, an unknown role or database, a failed migration)', () => {
    for (const code of ['28P01', '28000', '3D000', '42P01'])
      expect(isWorthWaitingFor(wrapped(failure(code)))).toBe(false);
    expect(isWorthWaitingFor(new Error('something else'))).toBe(false);
  });

  it('says why in a few words, never with the parameters of a statement', () => {
    expect(unreachableReason(failure('ECONNREFUSED'))).toBe('connection refused');
    expect(unreachableReason(failure('ENOTFOUND'))).toBe('unknown host');
    expect(unreachableReason(new Error('timeout exceeded when trying to connect'))).toBe('timed out');
    expect(unreachableReason(wrapped(failure('57P03', 'the database system is starting up')))).toBe(
      'the database system is starting up',
    );
    const line = describeDatabaseError(
      wrapped(failure('42P01', 'relation "x" does not exist')),
      'postgres://h/db',
    );
    expect(line).toBe('Cannot open h:5432/db: relation "x" does not exist (42P01)');
  });

  it('doubles the wait from 1 s up to 30 s, less up to half at random', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => waitAfter(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(waitAfter(1, () => 0)).toBe(500);
    expect(waitAfter(20, () => 0)).toBe(LONGEST_WAIT_MS / 2);
  });

  it('tries again after each wait until the database answers, and not after a stop', async () => {
    const waits: string[] = [];
    let attempts = 0;
    const value = await untilReachable(
      async () => {
        attempts += 1;
        if (attempts < 3) throw failure('ECONNREFUSED');
        return 'open';
      },
      { onWait: (reason, ms) => waits.push(`${reason} ${ms}`), random: () => 0 },
    );
    expect(value).toBe('open');
    expect(waits).toEqual(['connection refused 500', 'connection refused 1000']);

    const stop = new AbortController();
    const stopped = untilReachable(() => Promise.reject(failure('ECONNREFUSED')), {
      onWait: () => stop.abort(),
      signal: stop.signal,
    });
    await expect(stopped).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(
      untilReachable(() => Promise.reject(failure('3D000')), { onWait: () => expect.unreachable() }),
    ).rejects.toMatchObject({ code: '3D000' });
  });
});
