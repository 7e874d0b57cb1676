import { zodResolver } from '@hookform/resolvers/zod';
import { type Group, type GroupForm, groupFormSchema } from '@skyvault/contract';
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

/** Under the name until there is an error: the group name rules of SPEC.md §5, in short. */
export const GROUP_NAME_HINT = '4 to 80 Latin letters, digits, spaces, "-" or "_"';
