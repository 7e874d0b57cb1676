import {
  ACCESS_TOKEN_LIFETIME_MAX_MS,
  ACCESS_TOKEN_LIFETIME_MIN_MS,
  DAY_MS,
  MINUTE_MS,
  REFRESH_TOKEN_LIFETIME_MAX_MS,
  REFRESH_TOKEN_LIFETIME_MIN_MS,
} from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { lifetimeBound, lifetimeInMinutes } from './lifetimeText';

describe('lifetime texts', () => {
  it('shows lifetimes in minutes, as the details card does', () => {
    expect(lifetimeInMinutes(MINUTE_MS)).toBe('1 minute');
    expect(lifetimeInMinutes(60 * MINUTE_MS)).toBe('60 minutes');
    expect(lifetimeInMinutes(14 * DAY_MS)).toBe('20,160 minutes');
  });

  it('words the bounds of SPEC.md §5 in their largest whole unit', () => {
    expect(lifetimeBound(REFRESH_TOKEN_LIFETIME_MIN_MS)).toBe('5 minutes');
    expect(lifetimeBound(REFRESH_TOKEN_LIFETIME_MAX_MS)).toBe('365 days');
    expect(lifetimeBound(ACCESS_TOKEN_LIFETIME_MIN_MS)).toBe('1 minute');
    expect(lifetimeBound(ACCESS_TOKEN_LIFETIME_MAX_MS)).toBe('1 day');
    expect(lifetimeBound(DAY_MS + MINUTE_MS)).toBe('1,441 minutes');
  });
});
