import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { messagesByPath } from '../test-helpers.js';
import { authorizationPolicySchema, joinLifetime, splitLifetime } from './tokens.js';

const policy = (accessTokenLifetime: unknown, refreshTokenLifetime: unknown) => ({
  accessTokenLifetime,
  refreshTokenLifetime,
});

describe('token lifetimes', () => {
  it.each([
    [policy(MINUTE_MS - 1, DAY_MS), { accessTokenLifetime: [MESSAGES.accessTokenLifetimeRange] }],
    [policy(DAY_MS + 1, 30 * DAY_MS), { accessTokenLifetime: [MESSAGES.accessTokenLifetimeRange] }],
    [policy(1.5 * MINUTE_MS + 0.5, DAY_MS), { accessTokenLifetime: [MESSAGES.accessTokenLifetimeRange] }],
    [policy(MINUTE_MS, 5 * MINUTE_MS - 1), { refreshTokenLifetime: [MESSAGES.refreshTokenLifetimeRange] }],
    [policy(MINUTE_MS, 365 * DAY_MS + 1), { refreshTokenLifetime: [MESSAGES.refreshTokenLifetimeRange] }],
    [policy(MINUTE_MS, '300000'), { refreshTokenLifetime: [MESSAGES.refreshTokenLifetimeRange] }],
    [
      policy(10 * MINUTE_MS, 5 * MINUTE_MS),
      { accessTokenLifetime: [MESSAGES.accessTokenLifetimeExceedsRefresh] },
    ],
  ])('%j', (input, expected) => {
    expect(messagesByPath(authorizationPolicySchema, input)).toEqual(expected);
  });

  it('accepts the bounds exactly', () => {
    for (const input of [
      policy(MINUTE_MS, 5 * MINUTE_MS),
      policy(DAY_MS, 365 * DAY_MS),
      policy(DAY_MS, DAY_MS),
    ]) {
      expect(authorizationPolicySchema.parse(input)).toEqual(input);
    }
  });

  it('converts between milliseconds and days + minutes', () => {
    expect(splitLifetime(DAY_MS + 90 * MINUTE_MS)).toEqual({ days: 1, minutes: 90 });
    expect(joinLifetime(14, 0)).toBe(14 * DAY_MS);
  });
});
