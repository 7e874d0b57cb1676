import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateUserForm,
  createUserFormSchema,
  type EditUserForm,
  editUserFormSchema,
  inviteUserFormSchema,
  type User,
  type UserPatch,
} from '@skyvault/contract';
import type { Resolver } from 'react-hook-form';

/** The modal's values; the group picker holds '' or null for "no group". */
export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  groupId: string | null;
  isAdmin: boolean;
}

/** What submit receives: the contract's parse of the form (the create form's password is required). */
export type UserFormOutput = Omit<CreateUserForm, 'password'> & { password?: string };

/** Create starts empty; edit starts from the user, with the password empty (meaning unchanged). */
export const userFormValues = (user?: User): UserFormValues => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  email: user?.email ?? '',
  password: '',
  groupId: user?.groupId ?? null,
  isAdmin: user?.isAdmin ?? false,
});

const SCHEMAS = {
  create: createUserFormSchema,
  invite: inviteUserFormSchema,
  edit: editUserFormSchema,
} as const;

/**
 * The contract checks the form: the password is required when creating, optional when editing, and
 * left out of an invitation (the invited user sets it).
 */
export function userResolver(kind: keyof typeof SCHEMAS): Resolver<UserFormValues, unknown, UserFormOutput> {
  return zodResolver(SCHEMAS[kind]) as unknown as Resolver<UserFormValues, unknown, UserFormOutput>;
}

/** An edit sends what the modal holds; an empty password is left out, keeping the current one. */
export function toUserPatch(values: EditUserForm | UserFormOutput): UserPatch {
  const { password, ...rest } = values;
  return password ? { ...rest, password } : rest;
}
