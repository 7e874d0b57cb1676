/**
 * The lengths a role or a permission is granted or asked for, in minutes (the API takes 15 minutes to
 * 7 days): the user page's "Grant for a time" and the Approvals inbox's "Request elevation".
 */
export const GRANT_DURATIONS = [
  { minutes: 15, label: '15 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 240, label: '4 hours' },
  { minutes: 24 * 60, label: '1 day' },
  { minutes: 7 * 24 * 60, label: '7 days' },
] as const;

/** '1 hour', or '90 minutes' for a length not offered. */
export const durationLabel = (minutes: number) =>
  GRANT_DURATIONS.find((choice) => choice.minutes === minutes)?.label ?? `${minutes} minutes`;
