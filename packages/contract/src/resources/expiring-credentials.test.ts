import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  expiryDateOf,
  expiryDateRule,
  expiryInstant,
  expiryWords,
} from './expiring-credentials.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-28T12:00:00Z');

describe('expiring credentials', () => {
  it('counts whole days left, rounded up, and words them', () => {
    expect(daysUntil(new Date(NOW + 29.2 * DAY), NOW)).toBe(30);
    expect(expiryWords(new Date(NOW + 12 * DAY).toISOString(), NOW)).toBe('Expires in 12 days');
    expect(expiryWords(new Date(NOW + 0.5 * DAY).toISOString(), NOW)).toBe('Expires within a day');
    expect(expiryWords(new Date(NOW).toISOString(), NOW)).toBe('Expires today');
    expect(expiryWords(new Date(NOW - 1.5 * DAY).toISOString(), NOW)).toBe('Expired a day ago');
    expect(expiryWords(new Date(NOW - 3 * DAY).toISOString(), NOW)).toBe('Expired 3 days ago');
  });

  it('takes a day (YYYY-MM-DD) or nothing, and keeps the start of the day (UTC)', () => {
    expect(expiryDateRule.parse('')).toBeNull();
    expect(expiryDateRule.parse(null)).toBeNull();
    expect(expiryDateRule.parse('2027-03-01')).toBe('2027-03-01');
    expect(expiryDateRule.safeParse('2027-13-45').success).toBe(false);
    expect(expiryDateRule.safeParse('March 1').success).toBe(false);
    expect(expiryInstant('2027-03-01')).toBe('2027-03-01T00:00:00.000Z');
    expect(expiryDateOf('2027-03-01T00:00:00.000Z')).toBe('2027-03-01');
    expect(expiryDateOf(null)).toBe('');
  });
});
