import { type OrganizationType, SALESFORCE_LOGIN_FAILURES } from '@skyvault/contract';

/** What the administrator chose before the login (kept with its state until the browser is back). */
export interface LoginOptions {
  /** A login to another org may pin a Sandbox connection to it. */
  rebind?: boolean;
}

/** The audit event of a Production login to another org: a refusal (outcome failure) for security review. */
export const ORG_MISMATCH_REFUSED = 'org-mismatch-refused' as const;

/**
 * A connection is pinned to the org id of its first login: backups of two orgs must never mix under
 * one connection's storage and key. A sandbox refresh gives the sandbox a new org id, so a Sandbox
 * connection may move to it when an administrator confirmed "Rebind"; a Production org never
 * changes id, so a Production login elsewhere is someone else's org and is refused always.
 */
export type OrgPinning =
  /** No pinned org yet (the first login), or the login is to the pinned one. */
  | { kind: 'pinned' }
  /** A Sandbox moves to its new org id; the old one joins `earlierOrgIds`. */
  | { kind: 'rebind' }
  /** Refused: the new token is revoked and the connection stays as it was. */
  | { kind: 'refused'; reason: string; security: boolean };

export interface PinnedConnection {
  organizationType: OrganizationType;
  orgId: string | null;
  earlierOrgIds: { orgId: string; until: string }[];
}

/** What a login that landed on `loginOrgId` may do to the connection, given the administrator's choice. */
export function orgPinning(connection: PinnedConnection, loginOrgId: string, rebind: boolean): OrgPinning {
  const pinned = connection.orgId;
  if (!pinned || pinned === loginOrgId) return { kind: 'pinned' };
  if (connection.organizationType === 'Production') {
    return {
      kind: 'refused',
      reason: SALESFORCE_LOGIN_FAILURES.otherProductionOrg(pinned, loginOrgId),
      // Another org, maybe another company's, under this connection's storage and key: the trail shows who tried.
      security: true,
    };
  }
  if (!rebind) {
    return { kind: 'refused', reason: SALESFORCE_LOGIN_FAILURES.otherSandboxOrg(pinned), security: false };
  }
  return { kind: 'rebind' };
}

/**
 * The pinning of a rebound connection. What the checks learnt of the old org (its sandbox flag, the
 * org id they saw, their verdict) is cleared for the next check to find out about the new one.
 */
export function rebound(connection: PinnedConnection, loginOrgId: string, at: Date) {
  return {
    orgId: loginOrgId,
    earlierOrgIds: connection.orgId
      ? [...connection.earlierOrgIds, { orgId: connection.orgId, until: at.toISOString() }]
      : connection.earlierOrgIds,
    observedOrgId: null,
    isSandbox: null,
    healthStatus: null,
    healthReason: null,
  };
}
