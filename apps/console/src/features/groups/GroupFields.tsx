import type { Group } from '@skyvault/contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { controlledField, formField } from '../../components/formField';
import { DescriptionField, NameField } from '../../components/TextFields';
import {
  GROUP_NAME_HINT,
  type GroupEditOutput,
  type GroupEditValues,
  type GroupFormOutput,
  type GroupFormValues,
} from './groupForm';
import { RolePicker } from './RolePicker';

export interface GroupFieldsProps {
  /** The create dialog's form, or the edit screen's (which holds the member changes besides). */
  form:
    | UseFormReturn<GroupFormValues, unknown, GroupFormOutput>
    | UseFormReturn<GroupEditValues, unknown, GroupEditOutput>;
  group?: Group;
  /** Called instead of setting the role, so that the edit screen can confirm the change first. */
  onRoleChange?: (roleId: string) => void;
}

/** Name, role and description: the create dialog and the edit screen share them. */
export function GroupFields({ form: either, group, onRoleChange }: GroupFieldsProps) {
  // Both forms hold these three fields alike; the edit screen's others are not touched here.
  const form = either as UseFormReturn<GroupFormValues, unknown, GroupFormOutput>;
  return (
    <>
      <NameField {...formField(form, 'name', GROUP_NAME_HINT)} />
      <Controller
        control={form.control}
        name="roleId"
        render={(control) => (
          <RolePicker
            {...controlledField(control)}
            current={group?.role}
            onChange={(roleId) => (onRoleChange ? onRoleChange(roleId) : control.field.onChange(roleId))}
          />
        )}
      />
      <DescriptionField {...formField(form, 'description', 'Up to 255 characters')} />
    </>
  );
}
