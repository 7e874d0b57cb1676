import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { checkClaimed } from './claimed-checks.js';

describe('checking what was claimed', () => {
  /** Runs 12 checks of 20 ms, claimed 6 at a time, and answers how many were ever in flight at once. */
  async function mostAtOnce(busy: () => boolean) {
    let left = 12;
    let inFlight = 0;
    let most = 0;
    const claimed = await checkClaimed({
      claim: async () => {
        const batch = Math.min(6, left);
        left -= batch;
        return Array.from({ length: batch }, (_, n) => n);
      },
      check: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await sleep(20);
        inFlight -= 1;
      },
      parallel: 3,
      stopping: () => false,
      log: pino({ level: 'silent' }),
      failure: (n) => [{ n }, 'check failed'],
      yieldWhile: busy,
    });
    return { claimed, most };
  }

  it('checks `parallel` at a time while the process is not busy', async () => {
    expect(await mostAtOnce(() => false)).toEqual({ claimed: 12, most: 3 });
  });

  it('goes on one at a time while the process is busy, and gets through the backlog', async () => {
    expect(await mostAtOnce(() => true)).toEqual({ claimed: 12, most: 1 });
  });

  it('takes up `parallel` again once the process is no longer busy', async () => {
    let busy = true;
    setTimeout(() => {
      busy = false;
    }, 60);
    const { claimed, most } = await mostAtOnce(() => busy);
    expect(claimed).toBe(12);
    expect(most).toBe(3);
  });
});
