import { z } from 'zod';
import {
  ACCESS_TOKEN_LIFETIME_MAX_MS,
  ACCESS_TOKEN_LIFETIME_MIN_MS,
  MINUTE_MS,
  REFRESH_TOKEN_LIFETIME_MAX_MS,
  REFRESH_TOKEN_LIFETIME_MIN_MS,
} from '../constants.js';
import { MESSAGES } from '../messages.js';

/** Lifetimes are whole milliseconds (SPEC.md §9); the console shows them in days and minutes. */
const lifetime = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message, abort: true })
    .min(min, { error: message, abort: true })
    .max(max, { error: message, abort: true });

export const refreshTokenLifetimeRule = lifetime(
  REFRESH_TOKEN_LIFETIME_MIN_MS,
  REFRESH_TOKEN_LIFETIME_MAX_MS,
  MESSAGES.refreshTokenLifetimeRange,
);
export const accessTokenLifetimeRule = lifetime(
  ACCESS_TOKEN_LIFETIME_MIN_MS,
  ACCESS_TOKEN_LIFETIME_MAX_MS,
  MESSAGES.accessTokenLifetimeRange,
);

/** An access token may not outlive the refresh token that renews it. */
export const authorizationPolicySchema = z
  .object({
    accessTokenLifetime: accessTokenLifetimeRule,
    refreshTokenLifetime: refreshTokenLifetimeRule,
  })
  .refine((policy) => policy.accessTokenLifetime <= policy.refreshTokenLifetime, {
    error: MESSAGES.accessTokenLifetimeExceedsRefresh,
    path: ['accessTokenLifetime'],
  });
export type AuthorizationPolicy = z.infer<typeof authorizationPolicySchema>;

/** The lifetime control works in days and minutes over milliseconds. */
export const MINUTES_PER_DAY = 24 * 60;
export function splitLifetime(ms: number): { days: number; minutes: number } {
  const totalMinutes = Math.round(ms / MINUTE_MS);
  return { days: Math.floor(totalMinutes / MINUTES_PER_DAY), minutes: totalMinutes % MINUTES_PER_DAY };
}
export const joinLifetime = (days: number, minutes: number) => (days * MINUTES_PER_DAY + minutes) * MINUTE_MS;
