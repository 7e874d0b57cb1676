import { describe, expect, it } from 'vitest';
import { countedPage } from './counted-page.js';

const reads = (rows: number[], total: number) => {
  const asked = { rows: 0, total: 0 };
  return {
    asked,
    rows: async () => {
      asked.rows++;
      return rows;
    },
    total: async () => {
      asked.total++;
      return total;
    },
  };
};

describe('a counted page', () => {
  it('knows the total from a page that is not full, without counting', async () => {
    const one = reads([7], 99);
    expect(await countedPage({ offset: 0, limit: 10 }, one.rows, one.total)).toEqual({ rows: [7], count: 1 });
    const last = reads([1, 2], 99);
    expect(await countedPage({ offset: 20, limit: 10 }, last.rows, last.total)).toEqual({
      rows: [1, 2],
      count: 22,
    });
    const none = reads([], 99);
    expect(await countedPage({ offset: 0, limit: 10 }, none.rows, none.total)).toEqual({
      rows: [],
      count: 0,
    });
    expect([one.asked.total, last.asked.total, none.asked.total]).toEqual([0, 0, 0]);
  });

  it('counts when the page is full, past the end, or not asked for', async () => {
    const full = reads([1, 2], 5);
    expect(await countedPage({ offset: 0, limit: 2 }, full.rows, full.total)).toEqual({
      rows: [1, 2],
      count: 5,
    });
    const past = reads([], 5);
    expect(await countedPage({ offset: 10, limit: 2 }, past.rows, past.total)).toEqual({
      rows: [],
      count: 5,
    });
    const countOnly = reads([1], 5);
    expect(await countedPage({ offset: 0, limit: 0 }, countOnly.rows, countOnly.total)).toEqual({
      rows: [],
      count: 5,
    });
    expect(countOnly.asked.rows).toBe(0);
  });
});
