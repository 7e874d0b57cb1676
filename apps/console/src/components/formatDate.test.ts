import { describe, expect, it } from 'vitest';
import { formatDate } from './formatDate';

describe('formatDate', () => {
  it('formats like "MMMM D, YYYY [at] HH:mm"', () => {
    expect(formatDate(new Date(2025, 2, 4, 14, 5))).toBe('March 4, 2025 at 14:05');
  });

  it('accepts ISO strings and timestamps', () => {
    const date = new Date(2024, 11, 31, 9, 0);
    expect(formatDate(date.toISOString())).toBe('December 31, 2024 at 09:00');
    expect(formatDate(date.getTime())).toBe('December 31, 2024 at 09:00');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
