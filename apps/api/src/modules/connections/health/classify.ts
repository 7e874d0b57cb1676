import {
  API_LIMIT_LOW_SHARE,
  type ConnectionHealthReason,
  type ConnectionHealthStatus,
} from '@skyvault/contract';
import { z } from 'zod';
import type { ApiUsage, RestAnswer, TokenRefusedError } from './salesforce-api.js';

/** What one check found; the fields it could not learn stay undefined (the stored values stand). */
export interface Finding {
  status: ConnectionHealthStatus;
  reason: ConnectionHealthReason | null;
  usage?: ApiUsage | null;
  /** The org id Salesforce named for the token. */
  orgId?: string;
  instanceUrl?: string;
  isSandbox?: boolean;
  apiVersion?: string;
  /** The versions list was read (at most daily). */
  versionChecked?: boolean;
  /** The version of the tokens the finding is about (see health-check's store). */
  tokenVersion?: number;
}

/**
 * Why the login service refused the grant. "expired access/refresh token" covers revoked, idle,
 * expired and evicted tokens alike; the caller tells eviction apart (see `evicted`).
 */
export function refusalReason(refused: TokenRefusedError): ConnectionHealthReason {
  switch (refused.error) {
    case 'invalid_grant':
      // A deactivated user and a changed password both end the grant with this wording.
      return /authentication failure/i.test(refused.description)
        ? 'user_inactive'
        : 'token_revoked_or_expired';
    case 'inactive_user':
      return 'user_inactive';
    case 'inactive_org':
      return 'org_inactive';
    case 'invalid_client':
    case 'invalid_client_id':
      return 'app_credentials_invalid';
    default:
      return 'token_revoked_or_expired';
  }
}

const limitsSchema = z.object({
  DailyApiRequests: z.object({ Max: z.number().int().nonnegative(), Remaining: z.number().int() }),
});
const restErrorsSchema = z.array(z.object({ errorCode: z.string() }));

const errorCodeOf = (body: unknown) => {
  const errors = restErrorsSchema.safeParse(body);
  return errors.success ? errors.data[0]?.errorCode : undefined;
};

/** The status the limits resource's answer gives: the budget, or why it could not be read. */
export function limitsFinding(answer: RestAnswer): Finding {
  if (answer.status === 200) {
    const limits = limitsSchema.safeParse(answer.body);
    if (!limits.success) return { status: 'Degraded', reason: 'salesforce_unavailable', usage: answer.usage };
    const { Max: max, Remaining: remaining } = limits.data.DailyApiRequests;
    const usage = { used: Math.max(max - remaining, 0), max };
    return max > 0 && remaining / max < API_LIMIT_LOW_SHARE
      ? { status: 'ApiLimitLow', reason: 'api_limit_low', usage }
      : { status: 'Healthy', reason: null, usage };
  }
  const code = errorCodeOf(answer.body);
  if (answer.status === 403 && code === 'REQUEST_LIMIT_EXCEEDED')
    return { status: 'ApiLimitLow', reason: 'api_limit_exceeded', usage: answer.usage };
  // The header still tells the usage when the resource itself is refused.
  if (answer.status === 403 && code === 'INSUFFICIENT_ACCESS')
    return { status: 'MissingPermission', reason: 'view_setup_missing', usage: answer.usage };
  return { status: 'Degraded', reason: 'salesforce_unavailable', usage: answer.usage };
}

/** The Organization query's answer: whether the org is a sandbox, if it says. */
export function sandboxOf(answer: RestAnswer): boolean | undefined {
  const records = z
    .object({ records: z.array(z.object({ IsSandbox: z.boolean() })).min(1) })
    .safeParse(answer.body);
  return answer.status === 200 && records.success ? records.data.records[0]!.IsSandbox : undefined;
}

/**
 * Statuses a check after an outage cannot disprove: a Degraded check leaves them standing (the check
 * row still says Degraded), so that an outage between two findings does not warn twice.
 */
export const STICKY_STATUSES: readonly ConnectionHealthStatus[] = ['ReauthRequired', 'OrgChanged'];

/** The reasons of a refresh token Salesforce answers "expired access/refresh token" for. */
const EXPIRED_GRANT: readonly (ConnectionHealthReason | null)[] = [
  'token_revoked_or_expired',
  'approval_limit_evicted',
];

/**
 * The state a check stores, given the one before. An outage cannot disprove a finding that needs a
 * person (STICKY_STATUSES); and a dead grant keeps the reason it was first given, as later checks
 * cannot tell eviction from revocation any better (the other connections they count move on).
 */
export function settledState(
  before: { status: ConnectionHealthStatus | null; reason: ConnectionHealthReason | null },
  finding: Finding,
): { status: ConnectionHealthStatus; reason: ConnectionHealthReason | null } {
  if (before.status && finding.status === 'Degraded' && STICKY_STATUSES.includes(before.status))
    return { status: before.status, reason: before.reason };
  const sameDeadGrant =
    before.status === 'ReauthRequired' &&
    finding.status === 'ReauthRequired' &&
    EXPIRED_GRANT.includes(before.reason) &&
    EXPIRED_GRANT.includes(finding.reason);
  return { status: finding.status, reason: sameDeadGrant ? before.reason : finding.reason };
}
