import type { Group } from '@skyvault/contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { controlledField, formField } from '../../components/formField';
import { DescriptionField, NameField } from '../../components/TextFields';
import { GROUP_NAME_HINT, type GroupFormOutput, type GroupFormValues } from './groupForm';
import { RolePicker } from './RolePicker';

export interface GroupFieldsProps {
  form: UseFormReturn<GroupFormValues, unknown, GroupFormOutput>;
  group?: Group;
  /** Called instead of setting the role, so that the edit screen can confirm the change first. */
  onRoleChange?: (roleId: string) => void;
}

/** Name, role and description: the create dialog and the edit screen share them. */
export function GroupFields({ form, group, onRoleChange }: GroupFieldsProps) {
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
