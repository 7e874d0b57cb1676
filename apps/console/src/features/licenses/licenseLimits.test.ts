import { describe, expect, it } from 'vitest';
import { formatLimit, TRIAL_TITLE, trialFeatures } from './licenseLimits';

describe('licence limits', () => {
  it('shows storage in GB (held in MB) and retention in years', () => {
    expect(formatLimit('storage', 10_000)).toBe('10 GB');
    expect(formatLimit('storage', 1_500)).toBe('1.5 GB');
    expect(formatLimit('retention', 1)).toBe('1 year');
    expect(formatLimit('retention', 7)).toBe('7 years');
    expect(formatLimit('organizations', 3)).toBe('3');
  });

  it('offers what the trial of each product grants', () => {
    expect(TRIAL_TITLE).toBe('14-day FREE Trial');
    expect(trialFeatures('devOps')).toEqual([
      '5 users with Full access',
      '5 users with Read access',
      'Starts at once, no payment details needed',
    ]);
  });
});
