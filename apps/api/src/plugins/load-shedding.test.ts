import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

/** Holds the event loop, as a request stuck in synchronous work would. */
const blockEventLoop = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose
  }
};

describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOAD_SHED_EVENT_LOOP_DELAY: '5', LOAD_SHED_RETRY_AFTER: '7' });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After in the error shape while the event loop lags, and liveness still 200', async () => {
    // The delay is sampled once a second. The sample due during the lag may run just before the
    // histogram records the lag (two timers due in one turn), so the lag shows in that sample or in
    // the next one: ask until it does, for at most two sampling intervals.
    await sleep(300);
    blockEventLoop(1100);
    let shed = await t.app.inject({ method: 'GET', url: '/api/v1/brand' });
    for (const until = Date.now() + 2500; shed.statusCode !== 503 && Date.now() < until; ) {
      await sleep(50);
      shed = await t.app.inject({ method: 'GET', url: '/api/v1/brand' });
    }
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.json()).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable.',
      retryAfter: 7,
      requestId: shed.headers['x-request-id'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
