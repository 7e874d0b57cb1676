import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { userStatusSchema } from '../enums.js';
import { emailRule, firstNameRule, lastNameRule, passwordRule } from '../rules/identity.js';
import { emptyOr, isoDateSchema, optionalIdRule, uuidSchema } from '../rules/text.js';
import { userBodyNeedsPerson } from '../session-only.js';
import { adminRoleSchema } from './admin-role.js';
import { idParamsSchema, totalList } from './list.js';
import { passkeyRemovalSchema } from './second-factor.js';
import { userInvitationSchema } from './user-invitation.js';
import { userListQuerySchema } from './user-list.js';

/** A tenant's user. The password is write-only and never answered. */
export const userSchema = z.object({
  id: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** A user belongs to at most one group; a new user may have none yet. */
  groupId: uuidSchema.nullable(),
  group: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  status: userStatusSchema,
  isEnableMfa: z.boolean(),
  /** Holds at least one administrator role: sees the administrators' screens that its roles allow. */
  isAdmin: z.boolean(),
  /** The administrator roles the user holds, in the role table's order (docs/administration.md). */
  adminRoles: z.array(adminRoleSchema),
  /**
   * An identity provider's SCIM client may change this user (docs/scim.md): users it created, or that
   * an administrator put under it. Never an administrator, whatever this says.
   */
  scimManaged: z.boolean(),
  /** When the user last signed in (ours); null if never. */
  lastSignInAt: isoDateSchema.nullable(),
  /** The pending invitation (ours): only while the user waits for confirmation and one was sent. */
  invitation: userInvitationSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type User = z.infer<typeof userSchema>;

const userInputSchema = z.object({
  firstName: firstNameRule,
  lastName: lastNameRule,
  email: emailRule,
  password: passwordRule,
  groupId: optionalIdRule.optional(),
  isAdmin: z.boolean().optional(),
});

/**
 * POST /v1/users. Without a password the user is invited: they get an e-mail with a link to set one
 * and wait for confirmation until then. The 'Create user' modal asks for the password (SPEC.md §5).
 */
export const userCreateSchema = userInputSchema.extend({ password: passwordRule.optional() });
export type UserCreate = z.input<typeof userCreateSchema>;
export const createUserFormSchema = userInputSchema;
export type CreateUserForm = z.input<typeof createUserFormSchema>;
/** The 'Invite user' modal: no password, the user sets one through the e-mailed link. */
export const inviteUserFormSchema = userInputSchema.omit({ password: true });
export type InviteUserForm = z.input<typeof inviteUserFormSchema>;

/** The states an administrator may set by hand: disable a user, or enable a disabled one again. */
export const USER_SWITCH_STATUSES = ['Confirmed', 'Disabled'] as const;

/**
 * PATCH /v1/users/:id: any field; a password given here replaces the old one. `scimManaged` puts the
 * user under the tenant's SCIM provisioning or takes them out of it (docs/scim.md).
 */
export const userPatchSchema = userInputSchema
  .extend({ status: z.enum(USER_SWITCH_STATUSES), scimManaged: z.boolean() })
  .partial();
export type UserPatch = z.input<typeof userPatchSchema>;

/** The edit modal: the password may stay empty, meaning unchanged; the console then leaves it out. */
export const editUserFormSchema = userInputSchema.extend({
  password: emptyOr(passwordRule).optional(),
});
export type EditUserForm = z.input<typeof editUserFormSchema>;

/** `next` (ours): the `after` of the page that follows, null on the last page. */
export const userListSchema = totalList('users', userSchema).extend({ next: z.string().nullable() });
export type UserList = z.infer<typeof userListSchema>;

/** How long the link that proves a changed address works (it is mailed to the new address). */
export const EMAIL_PROOF_LINK_DAYS = 7;

/** POST /v1/users/email-proof: the token of the link mailed to a changed address. */
export const emailProofSchema = z.object({ token: z.string().trim().min(1).max(256) });
export type EmailProof = z.infer<typeof emailProofSchema>;
/** What the link's page shows: the address now proven and the organization to log in to. */
export const emailProvenSchema = z.object({ tenantName: z.string(), email: z.string() });
export type EmailProven = z.infer<typeof emailProvenSchema>;
/** Asks for a new proof link for an address still waiting for one (the same answer for others). */
export const emailProofRequestSchema = z.object({ email: emailRule });
export type EmailProofRequest = z.infer<typeof emailProofRequestSchema>;

/**
 * The tenant's users; administrators only. Deleting, disabling or demoting the last administrator is
 * refused, and so is deleting or disabling oneself.
 */
export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users',
    access: 'admin',
    permission: 'users:read',
    summary:
      "The tenant's users with their groups, filtered by status, group, administrator and MFA, and sorted by a column (most recently updated first by default)",
    tags: ['Users'],
    query: userListQuerySchema,
    response: userListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users/:id',
    access: 'admin',
    permission: 'users:read',
    summary: 'One user',
    tags: ['Users'],
    params: idParamsSchema,
    response: userSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users',
    access: 'admin',
    permission: 'users:write',
    summary: 'Adds a user; without a password the user is invited by e-mail to set one',
    // An API token may add users, but neither with a password nor as administrators.
    sessionOnlyBody: userBodyNeedsPerson,
    tags: ['Users'],
    body: userCreateSchema,
    response: userSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/users/:id',
    access: 'admin',
    permission: 'users:write',
    summary: 'Changes a user; Disabled ends their sessions, Confirmed enables a disabled user again',
    sessionOnlyBody: userBodyNeedsPerson,
    tags: ['Users'],
    params: idParamsSchema,
    body: userPatchSchema,
    response: userSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/users/:id',
    access: 'admin',
    permission: 'users:write',
    summary: 'Deletes a user and their sessions and MFA devices',
    tags: ['Users'],
    params: idParamsSchema,
    status: 204,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users/password/:id/reset',
    access: 'admin',
    permission: 'credentials:reset',
    sessionOnly: true,
    summary:
      'Makes the user set a new password: ends their sessions and e-mails them a reset link (`removePasskeys` also removes their passkeys)',
    tags: ['Users'],
    params: idParamsSchema,
    body: passkeyRemovalSchema,
    status: 204,
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users/:id/invitation',
    access: 'admin',
    permission: 'users:write',
    summary:
      'E-mails a user who has not set a password yet a new invitation; the link of the one before stops working',
    tags: ['Users'],
    params: idParamsSchema,
    response: userSchema,
  }),
  /**
   * The link mailed to a changed address. Until it is used no password link or login code goes to
   * the new address (an administrator's reset answers 409).
   */
  proveEmail: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users/email-proof',
    access: 'public',
    summary: "Proves a user's changed e-mail address with the link mailed to it",
    tags: ['Users'],
    body: emailProofSchema,
    response: emailProvenSchema,
  }),
  resendEmailProof: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users/email-proof/requests',
    access: 'public',
    summary:
      'E-mails a new proof link to a changed address still waiting for it (the same answer for others)',
    tags: ['Users'],
    body: emailProofRequestSchema,
    status: 204,
  }),
} as const;
