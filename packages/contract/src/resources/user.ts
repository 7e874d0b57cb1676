import { z } from 'zod';
import { userStatusSchema } from '../enums.js';
import { emailRule, firstNameRule, lastNameRule, passwordRule } from '../rules/identity.js';
import { emptyOr, isoDateSchema, optionalIdRule, uuidSchema } from '../rules/text.js';
import { listQuerySchema, totalList } from './list.js';

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

/** POST /v1/users, and the 'Create user' modal. */
export const userCreateSchema = userInputSchema;
export type UserCreate = z.input<typeof userCreateSchema>;
export const createUserFormSchema = userInputSchema;
export type CreateUserForm = z.input<typeof createUserFormSchema>;

/** PATCH /v1/users/:id: any field; a password given here replaces the old one. */
export const userPatchSchema = userInputSchema.partial();
export type UserPatch = z.input<typeof userPatchSchema>;

/** The edit modal: the password may stay empty, meaning unchanged; the console then leaves it out. */
export const editUserFormSchema = userInputSchema.extend({
  password: emptyOr(passwordRule).optional(),
});
export type EditUserForm = z.input<typeof editUserFormSchema>;

/** GET /v1/users: the spec's searchBy and columns are accepted and ignored (see list.ts). */
export const userListQuerySchema = listQuerySchema;
export type UserListQuery = z.input<typeof userListQuerySchema>;
export const userListSchema = totalList('users', userSchema);
export type UserList = z.infer<typeof userListSchema>;
