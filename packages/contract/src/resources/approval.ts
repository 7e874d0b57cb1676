import { z } from 'zod';
import type { Permission } from '../admin-roles.js';
import { defineEndpoint } from '../endpoint.js';
import { isoDateSchema, PLAIN_TEXT, uuidSchema } from '../rules/text.js';
import { grantKindRule, temporaryAccessFields } from './admin-role.js';
import { idParamsSchema, limitSchema, offsetSchema, totalList } from './list.js';

/**
 * Approvals (four-eyes control, docs/administration.md): the tenant chooses which changes need a second
 * administrator's approval. Such a change, called directly, is not carried out: with a reason it becomes
 * a request that another administrator holding the same permission approves or denies; an approved
 * request is carried out by the system as its requester, once, within its validity.
 *
 * Each approvable action: its words, the permission its direct endpoint needs (which an approver must
 * hold too) and the type of the item it changes (the audit trail's target type, so that the item's
 * History shows the request's whole chain). The API carries each out from its own registry
 * (modules/approvals/approval-actions.ts); a new kind is one entry here and one there.
 *
 * A `selfRequest` kind is not a guarded call but something an administrator asks for themselves through
 * its own endpoint (an elevation for a time): it is always a request, never in the tenant's policy; its
 * requester needs only approvals:write, its approver the kind's permission, and the approver's decision
 * carries it out.
 */
export const APPROVAL_ACTION_DEFINITIONS = {
  'connection.delete': {
    label: 'Delete a Salesforce connection',
    permission: 'connections:write',
    targetType: 'connection',
  },
  'storage.delete': { label: 'Delete a storage', permission: 'storages:write', targetType: 'storage' },
  'mfa-policy.lower': {
    label: 'Turn the MFA policy down (a weaker requirement or a longer grace period)',
    permission: 'sign-in:write',
    targetType: 'auth-policy',
  },
  'identity-provider.delete': {
    label: 'Delete an identity provider',
    permission: 'sign-in:write',
    targetType: 'identity-provider',
  },
  'sso-enforcement.off': {
    label: 'Turn single sign-on enforcement off for a domain',
    permission: 'sign-in:write',
    targetType: 'domain',
  },
  'network-access.change': {
    label: 'Change network access (add, change or delete an IP range)',
    permission: 'sign-in:write',
    targetType: 'ip-range',
  },
  'owner.grant': { label: 'Grant the Owner role', permission: 'admin-roles:write', targetType: 'user' },
  'elevation.request': {
    label: 'Elevation for a time, asked for oneself',
    permission: 'admin-roles:write',
    targetType: 'user',
    selfRequest: true,
  },
} as const satisfies Record<
  string,
  { label: string; permission: Permission; targetType: string; selfRequest?: true }
>;

export type ApprovalAction = keyof typeof APPROVAL_ACTION_DEFINITIONS;
export const APPROVAL_ACTIONS = Object.keys(APPROVAL_ACTION_DEFINITIONS) as [
  ApprovalAction,
  ...ApprovalAction[],
];
export const approvalActionSchema = z.enum(APPROVAL_ACTIONS);

/** The kinds a tenant may put under approval (Approvals → Settings): every kind but the self-requested ones. */
export const POLICY_APPROVAL_ACTIONS = APPROVAL_ACTIONS.filter(
  (action) => !('selfRequest' in APPROVAL_ACTION_DEFINITIONS[action]),
) as [ApprovalAction, ...ApprovalAction[]];

/**
 * pending → approved → executed, or pending → denied | cancelled | expired, or approved → failed (the
 * requester lost the permission, the item is gone, or the change was refused when carried out).
 */
export const APPROVAL_STATUSES = [
  'pending',
  'approved',
  'executed',
  'denied',
  'cancelled',
  'expired',
  'failed',
] as const;
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

/**
 * The header that turns a guarded call into a request for approval: the reason, percent-encoded
 * (encodeURIComponent) so that any language fits in a header. Without it the call answers 409
 * APPROVAL_REQUIRED; with it, 202 and the request.
 */
export const APPROVAL_REASON_HEADER = 'x-approval-reason';

export const MIN_APPROVAL_VALIDITY_HOURS = 1;
export const MAX_APPROVAL_VALIDITY_HOURS = 168;
export const DEFAULT_APPROVAL_VALIDITY_HOURS = 24;
export const MAX_APPROVAL_TEXT = 1000;

export const APPROVAL_MESSAGES = {
  reasonRequired: 'Enter the reason for this change.',
  reasonMaxLength: `The reason can be at most ${MAX_APPROVAL_TEXT} characters.`,
  commentRequired: 'Enter why you deny this request.',
  commentMaxLength: `The comment can be at most ${MAX_APPROVAL_TEXT} characters.`,
  textPattern: 'Use plain text without control characters.',
  validityRange: `Enter a whole number of hours from ${MIN_APPROVAL_VALIDITY_HOURS} to ${MAX_APPROVAL_VALIDITY_HOURS}.`,
  ownRequest: 'You cannot decide your own request: another administrator has to.',
  notPending: 'This request is no longer pending.',
  expired: 'This request has expired. Ask for the change again.',
  onlyRequesterCancels: 'Only the administrator who asked can cancel this request.',
  missingPermission: (permission: Permission) =>
    `Deciding this request needs the ${permission} permission, which your administrator roles do not give.`,
  tokenCannotRequest:
    'This change needs an administrator’s approval: ask for it while signed in to the console.',
  ownerThroughRoles:
    'Granting the Owner role needs approval: make the user an administrator first, then ask for the Owner role in their administrator roles.',
  requesterLostPermission: 'The requester no longer holds the permission this change needs.',
  requesterNotAdministrator: 'The requester is no longer an active administrator of your organization.',
  ownerApprovesOwner: 'Only an Owner can approve an elevation to Owner.',
  targetGone: 'The item this request changes no longer exists.',
  interrupted:
    'The change was interrupted before it was confirmed. Check the item’s History, and ask again if it was not made.',
  /** The console's words. */
  requestSent: 'Request sent. Another administrator has to approve it.',
  elevationRequested: 'Elevation requested. An administrator who grants roles has to approve it.',
  approved: 'Request approved and carried out.',
  approvedFailed: 'Request approved, but the change could not be carried out.',
  denied: 'Request denied.',
  cancelled: 'Request cancelled.',
  policySaved: 'Approval settings saved.',
} as const;

const approvalTextRule = (required: string, maxLength: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(MAX_APPROVAL_TEXT, { error: maxLength, abort: true })
    .regex(PLAIN_TEXT, { error: APPROVAL_MESSAGES.textPattern });

/** The reason a requester gives (the header's decoded value; the console's dialog validates it too). */
export const approvalReasonRule = approvalTextRule(
  APPROVAL_MESSAGES.reasonRequired,
  APPROVAL_MESSAGES.reasonMaxLength,
);
export const approvalReasonFormSchema = z.object({ reason: approvalReasonRule });
export type ApprovalReasonForm = z.input<typeof approvalReasonFormSchema>;

export const approvalPolicySchema = z.object({
  /** The changes that need approval; none by default, so nothing changes for a tenant until it chooses. */
  actions: z.array(approvalActionSchema),
  /** How long a request may wait for its decision. */
  validityHours: z.number().int(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;

export const approvalPolicyUpdateSchema = z.object({
  actions: z
    .array(z.enum(POLICY_APPROVAL_ACTIONS))
    .max(POLICY_APPROVAL_ACTIONS.length)
    .transform((actions) => POLICY_APPROVAL_ACTIONS.filter((action) => actions.includes(action))),
  validityHours: z
    .number({ error: APPROVAL_MESSAGES.validityRange })
    .int({ error: APPROVAL_MESSAGES.validityRange })
    .min(MIN_APPROVAL_VALIDITY_HOURS, { error: APPROVAL_MESSAGES.validityRange })
    .max(MAX_APPROVAL_VALIDITY_HOURS, { error: APPROVAL_MESSAGES.validityRange }),
});
export type ApprovalPolicyUpdate = z.input<typeof approvalPolicyUpdateSchema>;

const personSchema = z.object({ id: uuidSchema, email: z.string().nullable(), name: z.string().nullable() });

export const approvalRequestSchema = z.object({
  id: uuidSchema,
  action: approvalActionSchema,
  status: approvalStatusSchema,
  /** The item the change is about (null for one that does not exist yet: a new IP range). */
  targetType: z.string(),
  targetId: z.string().nullable(),
  targetName: z.string().nullable(),
  /** What the change sets (the direct call's path parameters and body; never a secret). */
  details: z.record(z.string(), z.unknown()),
  reason: z.string(),
  requestedBy: personSchema,
  createdAt: isoDateSchema,
  expiresAt: isoDateSchema,
  decidedBy: personSchema.nullable(),
  decidedAt: isoDateSchema.nullable(),
  comment: z.string().nullable(),
  executedAt: isoDateSchema.nullable(),
  /** Why an approved request could not be carried out. */
  failureReason: z.string().nullable(),
  /** The caller may approve or deny it: pending, not theirs, and their roles give its permission. */
  canDecide: z.boolean(),
  /** The caller may cancel it: pending and theirs. */
  canCancel: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** The inbox's tabs: waiting for a decision, already decided (or ended), or the caller's own. */
export const APPROVAL_LIST_FILTERS = ['pending', 'decided', 'mine'] as const;
export const approvalListQuerySchema = z.object({
  status: z.enum(APPROVAL_LIST_FILTERS).default('pending'),
  limit: limitSchema,
  offset: offsetSchema,
});
export type ApprovalListQuery = z.input<typeof approvalListQuerySchema>;
export const approvalListSchema = totalList('requests', approvalRequestSchema);
export type ApprovalList = z.infer<typeof approvalListSchema>;

/** The badge: pending requests the caller may decide. */
export const approvalCountSchema = z.object({ pendingForMe: z.number().int().min(0) });
export type ApprovalCount = z.infer<typeof approvalCountSchema>;

export const approvalApproveSchema = z.object({
  comment: approvalTextRule(APPROVAL_MESSAGES.commentRequired, APPROVAL_MESSAGES.commentMaxLength).optional(),
});
export type ApprovalApprove = z.input<typeof approvalApproveSchema>;
export const approvalDenySchema = z.object({
  comment: approvalTextRule(APPROVAL_MESSAGES.commentRequired, APPROVAL_MESSAGES.commentMaxLength),
});
export type ApprovalDeny = z.input<typeof approvalDenySchema>;

/**
 * POST /v1/approvals/elevation: an administrator asks for themselves a role, or a permission on one
 * connection, for 15 minutes to 7 days, with a reason. Always a request: another administrator who
 * grants roles (admin-roles:write; an Owner for Owner) approves it, and the grant then starts.
 */
export const elevationRequestSchema = temporaryAccessFields
  .extend({ reason: approvalReasonRule })
  .superRefine(grantKindRule);
export type ElevationRequest = z.input<typeof elevationRequestSchema>;

/** What an elevation request keeps (its `details`): the grant asked for and its length. */
export const elevationDetailsSchema = z.object({
  role: z.string().optional(),
  permission: z.string().optional(),
  connectionId: z.string().optional(),
  connectionName: z.string().nullable().optional(),
  durationMinutes: z.number(),
});
export type ElevationDetails = z.infer<typeof elevationDetailsSchema>;

const tags = ['Approvals'];

/**
 * The policy is the Owners' (organization:write); requests are every administrator's to read, and
 * deciding one needs, besides approvals:write, the permission of the change it asks for. Deciding is a
 * signed-in person's: an API token can neither approve nor deny.
 */
export const approvalEndpoints = {
  getPolicy: defineEndpoint({
    method: 'GET',
    path: '/api/v1/approvals/policy',
    access: 'admin',
    permission: 'approvals:read',
    summary: 'Which changes need a second administrator’s approval, and how long a request stays valid',
    tags,
    response: approvalPolicySchema,
  }),
  updatePolicy: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/approvals/policy',
    access: 'admin',
    permission: 'organization:write',
    sessionOnly: true,
    summary: 'Chooses which changes need approval, and the validity of a request (1 to 168 hours)',
    tags,
    body: approvalPolicyUpdateSchema,
    response: approvalPolicySchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/approvals',
    access: 'admin',
    permission: 'approvals:read',
    summary:
      'Approval requests, newest first: pending ones the caller may decide or asked for, decided ones, or the caller’s own',
    tags,
    query: approvalListQuerySchema,
    response: approvalListSchema,
  }),
  count: defineEndpoint({
    method: 'GET',
    path: '/api/v1/approvals/count',
    access: 'admin',
    permission: 'approvals:read',
    summary: 'How many pending requests the caller may decide (the console’s badge)',
    tags,
    response: approvalCountSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/approvals/:id',
    access: 'admin',
    permission: 'approvals:read',
    summary: 'One approval request',
    tags,
    params: idParamsSchema,
    response: approvalRequestSchema,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/v1/approvals/:id/approve',
    access: 'admin',
    permission: 'approvals:write',
    sessionOnly: true,
    summary:
      'Approves a pending request of another administrator; the system carries the change out at once, as the requester',
    tags,
    params: idParamsSchema,
    body: approvalApproveSchema,
    response: approvalRequestSchema,
  }),
  deny: defineEndpoint({
    method: 'POST',
    path: '/api/v1/approvals/:id/deny',
    access: 'admin',
    permission: 'approvals:write',
    sessionOnly: true,
    summary: 'Denies a pending request of another administrator, with a comment',
    tags,
    params: idParamsSchema,
    body: approvalDenySchema,
    response: approvalRequestSchema,
  }),
  requestElevation: defineEndpoint({
    method: 'POST',
    path: '/api/v1/approvals/elevation',
    access: 'admin',
    permission: 'approvals:write',
    sessionOnly: true,
    status: 201,
    summary:
      'Asks for a role, or a permission on one connection, for the caller themselves for 15 minutes to 7 days; another administrator who grants roles approves it',
    tags,
    body: elevationRequestSchema,
    response: approvalRequestSchema,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/v1/approvals/:id/cancel',
    access: 'admin',
    permission: 'approvals:write',
    sessionOnly: true,
    summary: 'Cancels the caller’s own pending request',
    tags,
    params: idParamsSchema,
    response: approvalRequestSchema,
  }),
} as const;
