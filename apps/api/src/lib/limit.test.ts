import { describe, expect, it } from 'vitest';
import { createLimit } from './limit.js';

describe('createLimit', () => {
  it('runs at most its number of tasks at once, the others in the order they came', async () => {
    const limit = createLimit(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      running -= 1;
      return n;
    };
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => limit(task(n))));
    expect(answers).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5]);
  });

  it('frees the turn of a task that failed', async () => {
    const limit = createLimit(1);
    await expect(limit(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
