import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MESSAGES } from '../messages.js';
import { descriptionRule, groupNameRule, roleIdRule } from '../rules/names.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { adminRoleSchema } from './admin-role.js';
import {
  booleanQuerySchema,
  idParamsSchema,
  limitSchema,
  listQuerySchema,
  offsetSchema,
  rowsList,
  searchTextSchema,
  totalList,
} from './list.js';

/** A group gives its users exactly one role (SPEC.md §6). */
export const groupSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  description: z.string(),
  roleId: uuidSchema,
  role: z.object({ id: uuidSchema, name: z.string() }),
  /** The role's name again, flat, as the list table reads it. */
  roleName: z.string(),
  userCount: z.number().int().min(0),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Group = z.infer<typeof groupSchema>;

const groupFieldsSchema = z.object({
  name: groupNameRule,
  description: descriptionRule,
  roleId: roleIdRule,
});
const groupInputSchema = groupFieldsSchema.extend({ description: descriptionRule.default('') });

/** POST /v1/groups, and the create dialog's form. */
export const groupCreateSchema = groupInputSchema;
export type GroupCreate = z.input<typeof groupCreateSchema>;
/** Users named by id, as a group's member changes list them. */
const userRefsSchema = z.array(z.object({ id: uuidSchema })).max(1000);

/**
 * The member changes that go with a group's own fields in one save: users to add (they leave their
 * previous group) and members to remove. A user cannot be in both lists.
 */
const memberChangesSchema = z.object({
  addUsers: userRefsSchema.optional(),
  removeUsers: userRefsSchema.optional(),
});
const refuseAddedAndRemoved = (
  body: z.output<typeof memberChangesSchema>,
  ctx: z.core.$RefinementCtx<z.output<typeof memberChangesSchema>>,
) => {
  const removed = new Set(body.removeUsers?.map((user) => user.id));
  if (body.addUsers?.some((user) => removed.has(user.id))) {
    ctx.addIssue({ code: 'custom', path: ['removeUsers'], message: MESSAGES.groupUserAddedAndRemoved });
  }
};

/**
 * PATCH /v1/groups/:id: the group's fields and, in the same transaction, its member changes: all of it
 * is saved or none. Changing roleId removes every user from the group (after the console confirms);
 * the users added in the same call join under the new role.
 */
// Built on the fields without defaults: a PATCH that leaves the description out keeps the stored one.
export const groupPatchSchema = groupFieldsSchema
  .partial()
  .extend(memberChangesSchema.shape)
  .superRefine(refuseAddedAndRemoved);
export type GroupPatch = z.input<typeof groupPatchSchema>;
/** The create dialog's form. */
export const groupFormSchema = groupInputSchema;
export type GroupForm = z.input<typeof groupFormSchema>;
/** The edit screen's form: the fields, and the users picked to add or marked to remove. */
export const groupEditFormSchema = groupInputSchema
  .extend({ addUsers: userRefsSchema.default([]), removeUsers: userRefsSchema.default([]) })
  .superRefine(refuseAddedAndRemoved);
export type GroupEditForm = z.input<typeof groupEditFormSchema>;

export const groupListQuerySchema = listQuerySchema;
export type GroupListQuery = z.input<typeof groupListQuerySchema>;
export const groupListSchema = totalList('groups', groupSchema);
export type GroupList = z.infer<typeof groupListSchema>;

/** A user as the group's users table and picker show them. */
export const groupUserSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The member's administrator roles (none: not an administrator). */
  adminRoles: z.array(adminRoleSchema),
  updatedAt: isoDateSchema,
});
export type GroupUser = z.infer<typeof groupUserSchema>;

/**
 * GET /v1/groups/:id/users. `isRelated` true lists the group's users; false lists users who could be
 * added (those not in it), which is what the edit screen's picker shows.
 */
export const groupUsersQuerySchema = z.object({
  isRelated: booleanQuerySchema.default(true),
  limit: limitSchema,
  offset: offsetSchema,
  search: searchTextSchema,
});
export type GroupUsersQuery = z.input<typeof groupUsersQuerySchema>;
export const groupUsersListSchema = rowsList(groupUserSchema);
export type GroupUsersList = z.infer<typeof groupUsersListSchema>;

/**
 * PATCH /v1/groups/:id/users adds these users to the group (a user belongs to one group, so they leave
 * their previous one); removal is DELETE /v1/groups/:id/users/:userId.
 */
export const groupUsersUpdateSchema = z.object({ users: userRefsSchema });
export type GroupUsersUpdate = z.infer<typeof groupUsersUpdateSchema>;

/** DELETE /v1/groups/:id/users/:userId. */
export const groupUserParamsSchema = z.object({ id: uuidSchema, userId: uuidSchema });
export type GroupUserParams = z.infer<typeof groupUserParamsSchema>;

/**
 * Groups and their users; administrators only. A user is in one group at most, so adding a user moves
 * them from their previous group; changing a group's role removes all of its users.
 */
export const groupEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/groups',
    access: 'admin',
    permission: 'users:read',
    summary: "The tenant's groups by name, with their role and number of users",
    tags: ['Groups'],
    query: groupListQuerySchema,
    response: groupListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/groups/:id',
    access: 'admin',
    permission: 'users:read',
    summary: 'One group',
    tags: ['Groups'],
    params: idParamsSchema,
    response: groupSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/groups',
    access: 'admin',
    permission: 'users:write',
    summary: 'Adds a group with one of the tenant’s roles',
    tags: ['Groups'],
    body: groupCreateSchema,
    response: groupSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/groups/:id',
    access: 'admin',
    permission: 'users:write',
    summary:
      'Changes a group and adds or removes its users in one transaction; a new role removes every user first',
    tags: ['Groups'],
    params: idParamsSchema,
    body: groupPatchSchema,
    response: groupSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/groups/:id',
    access: 'admin',
    permission: 'users:write',
    summary: 'Deletes a group; its users are left without one',
    tags: ['Groups'],
    params: idParamsSchema,
    status: 204,
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/v1/groups/:id/users',
    access: 'admin',
    permission: 'users:read',
    summary: "The group's users (isRelated=true) or the users who could be added (isRelated=false)",
    tags: ['Groups'],
    params: idParamsSchema,
    query: groupUsersQuerySchema,
    response: groupUsersListSchema,
  }),
  addUsers: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/groups/:id/users',
    access: 'admin',
    permission: 'users:write',
    summary: 'Adds users to the group, moving them from their previous group',
    tags: ['Groups'],
    params: idParamsSchema,
    body: groupUsersUpdateSchema,
    status: 204,
  }),
  removeUser: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/groups/:id/users/:userId',
    access: 'admin',
    permission: 'users:write',
    summary: 'Removes one user from the group',
    tags: ['Groups'],
    params: groupUserParamsSchema,
    status: 204,
  }),
} as const;
