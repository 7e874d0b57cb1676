import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Group,
  type GroupEditForm,
  type GroupForm,
  type GroupUser,
  groupEditFormSchema,
  groupFormSchema,
  groupPatchSchema,
} from '@skyvault/contract';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The create dialog's and edit screen's values. */
export type GroupFormValues = GroupForm;
export type GroupFormOutput = z.output<typeof groupFormSchema>;

export const groupFormValues = (group?: Group): GroupFormValues => ({
  name: group?.name ?? '',
  description: group?.description ?? '',
  roleId: group?.roleId ?? '',
});

export const groupResolver = zodResolver(groupFormSchema);

/**
 * The edit screen's values: the group's fields, the users picked to join (whole users, for the
 * picker's chips; only their ids are sent) and the members marked to leave.
 */
export type GroupEditValues = Omit<GroupEditForm, 'addUsers' | 'removeUsers'> & {
  addUsers: GroupUser[];
  removeUsers: { id: string }[];
};
export type GroupEditOutput = z.output<typeof groupEditFormSchema>;

export const groupEditValues = (group: Group): GroupEditValues => ({
  ...groupFormValues(group),
  addUsers: [],
  removeUsers: [],
});

// The schema takes any object with an id for a user; a picked user is one.
export const groupEditResolver = zodResolver(groupEditFormSchema) as unknown as Resolver<
  GroupEditValues,
  unknown,
  GroupEditOutput
>;

/** The Add members dialog's value: the picked users, sent as the PATCH's addUsers. */
export interface AddMembersValues {
  addUsers: GroupUser[];
}
export type AddMembersOutput = z.output<typeof groupPatchSchema>;
export const addMembersResolver = zodResolver(groupPatchSchema) as unknown as Resolver<
  AddMembersValues,
  unknown,
  AddMembersOutput
>;

/** Under the name until there is an error: the group name rules of SPEC.md §5, in short. */
export const GROUP_NAME_HINT = '4 to 80 Latin letters, digits, spaces, "-" or "_"';
