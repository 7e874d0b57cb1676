/**
 * Every action the audit trail records, by the kind of event it is: the one list that the API's
 * `recordAudit` accepts (its type), that the trail's `action` filter takes, and that the console's
 * Action filter offers (in its words, components/auditWords.ts). An action that is not here cannot be
 * written, so the filter always knows it.
 */
export const AUDIT_ACTION_GROUPS = {
  /** What an administrator (or a user on themselves) changed. */
  changes: [
    'create',
    'update',
    'delete',
    'enable',
    'disable',
    'regenerate',
    'revoke',
    'rotate-secret',
    'resend',
    'send-test-event',
    'update-permissions',
    'update-admin-roles',
    'grant-temporary-access',
    'end-temporary-access',
    'admin-role-expired',
    'add-users',
    'remove-user',
    'start-trial',
    'update-domain-sign-in',
    'add-break-glass-admin',
    'remove-break-glass-admin',
    'replay-log-stream',
    'suspend-log-stream',
  ],
  /** Signing in and out, and the second factor's step. */
  signIn: [
    'sign-in',
    'failed-sign-in',
    'sign-out',
    'mfa-challenge',
    'authorize',
    'deny-authorization',
    'break-glass-sign-in',
    'unusual-sign-in',
  ],
  /** An account's password, address, factors and sessions. */
  account: [
    'request-password-reset',
    'complete-password-reset',
    'reset-password',
    'resend-invitation',
    'change-email',
    'request-email-proof',
    'prove-email',
    'link-identity',
    'unlink-identity',
    'recovery-code-used',
    'mfa-reset',
    'remove-passkeys',
    'end-session',
    'end-sessions',
    'end-other-sessions',
  ],
  /** Support access an Owner grants, and the support team's sessions inside it. */
  support: [
    'grant-support-access',
    'revoke-support-access',
    'support-session-link',
    'support-session-start',
    'support-session-end',
  ],
  /** Salesforce connections: their logins and the health checks. */
  connections: [
    'connect',
    'connect-failed',
    'renew',
    'rebind',
    'org-mismatch-refused',
    'health-changed',
    'org-changed',
  ],
  /** Verified domains: their look-ups, the daily re-check's findings, and claims of another's domain. */
  domains: [
    'verify-domain',
    'verify-domain-refused',
    'domain-claim-attempt',
    'domain-record-missing',
    'domain-record-restored',
    'lapse-domain',
  ],
  /**
   * Approvals (four-eyes): each step of a request, recorded with the item it changes as the target so
   * that the item's History shows the chain.
   */
  approvals: [
    'approval-requested',
    'approval-approved',
    'approval-denied',
    'approval-cancelled',
    'approval-expired',
    'approval-executed',
    'approval-failed',
    'update-approval-policy',
  ],
  /** The platform's operators, from the command line. */
  operator: [
    'operator:create-tenant',
    'operator:grant-license',
    'operator:expire-license',
    'operator:enable-service',
    'operator:disable-service',
    'operator:set-audit-retention',
  ],
} as const;

export type AuditActionGroup = keyof typeof AUDIT_ACTION_GROUPS;
export type AuditActionName = (typeof AUDIT_ACTION_GROUPS)[AuditActionGroup][number];

export const AUDIT_ACTIONS = Object.values(AUDIT_ACTION_GROUPS).flat() as readonly AuditActionName[] as [
  AuditActionName,
  ...AuditActionName[],
];
