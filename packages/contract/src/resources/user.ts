import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { userStatusSchema } from '../enums.js';
import { emailRule, firstNameRule, lastNameRule, passwordRule } from '../rules/identity.js';
import { emptyOr, isoDateSchema, optionalIdRule, uuidSchema } from '../rules/text.js';
import { idParamsSchema, listCursorQuerySchema, listQuerySchema, totalList } from './list.js';

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
  /** Tenant administrators see the admin-only screens (ARCHITECTURE §3). */
  isAdmin: z.boolean(),
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

/** The states an administrator may set by hand: disable a user, or enable a disabled one again. */
export const USER_SWITCH_STATUSES = ['Confirmed', 'Disabled'] as const;

/** PATCH /v1/users/:id: any field; a password given here replaces the old one. */
export const userPatchSchema = userInputSchema.extend({ status: z.enum(USER_SWITCH_STATUSES) }).partial();
export type UserPatch = z.input<typeof userPatchSchema>;

/** The edit modal: the password may stay empty, meaning unchanged; the console then leaves it out. */
export const editUserFormSchema = userInputSchema.extend({
  password: emptyOr(passwordRule).optional(),
});
export type EditUserForm = z.input<typeof editUserFormSchema>;

/** What the list's searchText is matched against: 'user' is the name or the e-mail. */
export const USER_SEARCH_BY = ['user', 'name', 'email'] as const;
export type UserSearchBy = (typeof USER_SEARCH_BY)[number];

/**
 * GET /v1/users: the spec's columns are accepted and ignored (see list.ts). `after` (ours) pages by key
 * from the row the previous page's `next` names; `offset` then counts from there.
 */
export const userListQuerySchema = listQuerySchema.extend({
  searchBy: z.enum(USER_SEARCH_BY).default('user'),
  after: listCursorQuerySchema.optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
/** `next` (ours): the `after` of the page that follows, null on the last page. */
export const userListSchema = totalList('users', userSchema).extend({ next: z.string().nullable() });
export type UserList = z.infer<typeof userListSchema>;

/**
 * The tenant's users; administrators only. Deleting, disabling or demoting the last administrator is
 * refused, and so is deleting or disabling oneself.
 */
export const userEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users',
    access: 'admin',
    summary: "The tenant's users with their groups, most recently updated first",
    tags: ['Users'],
    query: userListQuerySchema,
    response: userListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users/:id',
    access: 'admin',
    summary: 'One user',
    tags: ['Users'],
    params: idParamsSchema,
    response: userSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users',
    access: 'admin',
    summary: 'Adds a user; without a password the user is invited by e-mail to set one',
    tags: ['Users'],
    body: userCreateSchema,
    response: userSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/users/:id',
    access: 'admin',
    summary: 'Changes a user; Disabled ends their sessions, Confirmed enables a disabled user again',
    tags: ['Users'],
    params: idParamsSchema,
    body: userPatchSchema,
    response: userSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/users/:id',
    access: 'admin',
    summary: 'Deletes a user and their sessions and MFA devices',
    tags: ['Users'],
    params: idParamsSchema,
    status: 204,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/v1/users/password/:id/reset',
    access: 'admin',
    summary: 'Makes the user set a new password: ends their sessions and e-mails them a reset link',
    tags: ['Users'],
    params: idParamsSchema,
    status: 204,
  }),
} as const;
