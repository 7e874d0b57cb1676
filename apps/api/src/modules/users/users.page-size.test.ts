import { MAX_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { pageFetchSize } from './users-list.repository.js';

describe('pageFetchSize', () => {
  it('reads the next offered page size at or above the one asked for, and one more', () => {
    expect(pageFetchSize(1)).toBe(11);
    expect(pageFetchSize(10)).toBe(11);
    expect(pageFetchSize(11)).toBe(26);
    expect(pageFetchSize(25)).toBe(26);
    expect(pageFetchSize(26)).toBe(51);
    expect(pageFetchSize(MAX_PAGE_SIZE)).toBe(MAX_PAGE_SIZE + 1);
  });

  it('gives one statement per offered size, never more rows than the largest page and one', () => {
    const sizes = new Set(Array.from({ length: MAX_PAGE_SIZE }, (_, i) => pageFetchSize(i + 1)));
    expect([...sizes]).toEqual(PAGE_SIZE_OPTIONS.map((size) => size + 1));
  });
});
