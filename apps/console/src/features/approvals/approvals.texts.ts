import {
  ADMIN_ROLE_DEFINITIONS,
  type AdminRole,
  type ApprovalStatus,
  type ChipColor,
  type ElevationDetails,
} from '@skyvault/contract';
import { durationLabel } from '../../components/grantDurations';

/** Approvals (four-eyes): the screens' words. The title is also the menu's label. */
export const APPROVAL_TEXTS = {
  screenTitle: 'Approvals',
  settingsTitle: 'Approval settings',
  intro:
    'Changes your organization has put under approval wait here for a second administrator who holds the same permission. An approved change is carried out at once, as the administrator who asked. Elevations for a time that administrators ask for themselves wait here too.',
  tabs: { pending: 'Pending', decided: 'Decided', mine: 'My requests' },
  settingsLink: 'Settings',
  columns: {
    change: 'Change',
    requestedBy: 'Requested by',
    reason: 'Reason',
    status: 'Status',
    when: 'Expires or decided',
    actions: 'Actions',
  },
  approve: 'Approve',
  deny: 'Deny',
  cancel: 'Cancel request',
  denyTitle: 'Deny request',
  comment: 'Comment',
  commentHelp: 'Tell the requester why.',
  approveConfirm: 'The change is carried out now, as the administrator who asked. Approve it?',
  empty: {
    pending: 'Nothing waits for a decision',
    decided: 'No request decided yet',
    mine: 'You have not asked for any approval',
  },
  emptyHint: 'Choose the changes that need approval under Settings.',
  requestTitle: 'Request approval',
  requestIntro:
    'Your organization requires a second administrator to approve this change. Say why it is needed: the administrators who can approve it are e-mailed.',
  reason: 'Reason',
  send: 'Send request',
  settingsIntro:
    'Choose the changes that a second administrator must approve. Such a change, asked for in the console or through the API, waits for an administrator who holds the same permission and is not the one who asked.',
  actionsLegend: 'Changes that need approval',
  validity: 'Validity (hours)',
  validityHelp: 'How long a request can wait for its decision (1 to 168 hours).',
  badge: (count: number) =>
    count === 0
      ? 'Approvals'
      : `Approvals: ${count} ${count === 1 ? 'request waits' : 'requests wait'} for you`,
  expires: (date: string) => `Expires ${date}`,
  requestElevation: 'Request elevation',
  elevationIntro:
    'Ask for a role, or a permission on one connection, for a time. Another administrator who grants roles has to approve it; the access then ends by itself.',
  access: 'Access',
  accessHelp: 'A role, or a permission on one connection.',
  roleOption: (label: string) => `Role: ${label}`,
  connectionPermissions: {
    'connections:read': 'Read one connection',
    'connections:write': 'Change one connection',
  },
  connectionId: 'Connection ID',
  connectionIdHelp: 'The connection’s ID, as in its address (/connections/…).',
  duration: 'For',
  elevationDetails: (what: string, duration: string) => `${what} for ${duration}`,
  onConnection: (permission: string, connection: string) => `${permission}: ${connection}`,
  approveElevationConfirm:
    'The access is granted now, as your decision, and ends by itself at the end of its time. Approve it?',
  failed: (reason: string) => `Not carried out: ${reason}`,
} as const;

export const APPROVAL_STATUS_CHIPS: Record<ApprovalStatus, { label: string; color: ChipColor }> = {
  pending: { label: 'Pending', color: 'warning' },
  approved: { label: 'Approved', color: 'info' },
  executed: { label: 'Carried out', color: 'success' },
  denied: { label: 'Denied', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
  expired: { label: 'Expired', color: 'default' },
  failed: { label: 'Failed', color: 'error' },
};

/** What an elevation request asks for: 'Role: Auditor for 1 hour', 'Change one connection: Prod for 15 minutes'. */
export function elevationDetailsOf(details: Record<string, unknown>): string {
  const asked = details as ElevationDetails;
  const role = ADMIN_ROLE_DEFINITIONS[asked.role as AdminRole];
  const permission =
    APPROVAL_TEXTS.connectionPermissions[asked.permission as 'connections:read'] ?? asked.permission;
  const what = role
    ? APPROVAL_TEXTS.roleOption(role.label)
    : APPROVAL_TEXTS.onConnection(permission ?? '', asked.connectionName ?? asked.connectionId ?? '');
  return APPROVAL_TEXTS.elevationDetails(what, durationLabel(asked.durationMinutes));
}
