import { MINUTE_MS, MINUTES_PER_DAY } from '@skyvault/contract';

const plural = (count: number, unit: string) =>
  `${count.toLocaleString('en-US')} ${unit}${count === 1 ? '' : 's'}`;

/** The details card shows lifetimes in minutes (SPEC.md §2), e.g. '1,440 minutes'. */
export const lifetimeInMinutes = (ms: number): string => plural(Math.round(ms / MINUTE_MS), 'minute');

/** A bound in the largest whole unit, e.g. '5 minutes', '1 day', '365 days' (the lifetime hints). */
export function lifetimeBound(ms: number): string {
  const minutes = Math.round(ms / MINUTE_MS);
  return minutes % MINUTES_PER_DAY === 0
    ? plural(minutes / MINUTES_PER_DAY, 'day')
    : plural(minutes, 'minute');
}
