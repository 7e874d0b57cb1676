import { PERMISSION_DESCRIPTIONS, type Permission, type SupportGrant } from '@skyvault/contract';

/** The words of Settings → Support access and of the support session's banner. */
export const SUPPORT_ACCESS_TEXTS = {
  screenTitle: 'Support access',
  intro:
    'Let our support team into this console for a limited time, for example to look into a ticket. Support reads everything except secrets and can change only what you allow; it can never change sign-in, MFA, credentials, API tokens or administrator roles. Owners are e-mailed when a support session starts, and every change made in one is in the audit log under the support engineer’s name.',
  grant: 'Grant access',
  grantTitle: 'Grant support access',
  grantDescription:
    'Support can open sessions until the access ends or you revoke it. Without write permissions the access is read-only.',
  duration: 'Duration',
  writes: 'Also allow support to change',
  granted: 'Support access granted',
  revoke: 'Revoke',
  revokeLabel: 'Revoke support access',
  revokeTitle: 'Revoke support access?',
  revokeConfirm: 'Support loses access at once: any support session open now ends.',
  revoked: 'Support access revoked',
  empty: 'Support access has never been granted',
  emptyHelp: 'Grant access when our support team asks for it; it ends by itself when its time is up.',
  readOnly: 'Read-only',
  columns: {
    window: 'Window',
    access: 'Access',
    status: 'Status',
    grantedBy: 'Granted by',
    sessions: 'Support sessions',
    actions: 'Actions',
  },
  noSessions: 'No session yet',
  notStarted: 'link not used yet',
  held: 'in progress',
  auditTrail: 'Audit trail',
  auditTrailLabel: (operator: string, ticket: string) => `Audit trail of ${operator} for ticket ${ticket}`,
  state: { live: 'Active', revoked: 'Revoked', expired: 'Ended' } as Record<SupportGrant['state'], string>,
  /** The banner on every page of a support session. */
  banner: (operator: string, ticket: string, mode: 'read-only' | 'read-write', until: string) =>
    `Support session by ${operator} for ticket ${ticket} — ${mode === 'read-only' ? 'read-only' : 'read and named changes'}, ends ${until} at the latest.`,
} as const;

/** The windows offered, in hours: an hour to 30 days. */
export const SUPPORT_DURATIONS: readonly { hours: number; label: string }[] = [
  { hours: 1, label: '1 hour' },
  { hours: 4, label: '4 hours' },
  { hours: 24, label: '1 day' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
  { hours: 720, label: '30 days' },
];

/** A write permission in words, as the role table says it. */
export const permissionLabel = (permission: Permission) => PERMISSION_DESCRIPTIONS[permission];
