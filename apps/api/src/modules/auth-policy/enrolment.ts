import type { MfaPolicy } from '@skyvault/contract';

const DAY_MS = 86_400_000;

/** What decides whether a user must enrol a second factor: the tenant's policy and the user. */
export interface EnrolmentState {
  policy: MfaPolicy;
  graceDays: number;
  enforcedAt: Date | null;
  userCreatedAt: Date;
  isAdmin: boolean;
  /** An enabled authenticator or a passkey. */
  hasFactor: boolean;
}

export interface EnrolmentDue {
  /** The grace period is over: the session may do nothing but enrol. */
  restricted: boolean;
  graceDaysLeft: number;
}

export const policyCovers = (policy: MfaPolicy, isAdmin: boolean) =>
  policy === 'everyone' || (policy === 'administrators' && isAdmin);

/**
 * When the user's grace period ends (or ended): null when the policy does not cover them or they have a
 * factor. It counts from when the requirement began or from the user's creation, whichever is later.
 */
export function graceEndsAt(state: EnrolmentState, now = Date.now()): Date | null {
  if (state.hasFactor || !policyCovers(state.policy, state.isAdmin)) return null;
  const since = Math.max(state.enforcedAt?.getTime() ?? now, state.userCreatedAt.getTime());
  return new Date(since + state.graceDays * DAY_MS);
}

/**
 * Whether the user must enrol, and how long they may still put it off: null when the policy does not
 * cover them or they have a factor. The grace period counts from when the requirement began or from the
 * user's creation, whichever is later, so that a user added long after the policy still gets it whole.
 */
export function enrolmentDue(state: EnrolmentState, now = Date.now()): EnrolmentDue | null {
  if (state.hasFactor || !policyCovers(state.policy, state.isAdmin)) return null;
  const since = Math.max(state.enforcedAt?.getTime() ?? now, state.userCreatedAt.getTime());
  const remaining = since + state.graceDays * DAY_MS - now;
  const graceDaysLeft = remaining > 0 ? Math.ceil(remaining / DAY_MS) : 0;
  return { restricted: graceDaysLeft === 0, graceDaysLeft };
}

const WIDER: Record<MfaPolicy, number> = { off: 0, administrators: 1, everyone: 2 };

/**
 * When the requirement began after a change: now when it turns on or covers more people; kept when
 * only the grace period changes (or it narrows); none when it is off.
 */
export function enforcedAtAfter(before: MfaPolicy, after: MfaPolicy, enforcedAt: Date | null, now: Date) {
  if (after === 'off') return null;
  if (WIDER[after] > WIDER[before] || !enforcedAt) return now;
  return enforcedAt;
}
