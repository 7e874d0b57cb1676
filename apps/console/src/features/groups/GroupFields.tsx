import TextField from '@mui/material/TextField';
import type { Group } from '@skyvault/contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { formField } from '../../components/formField';
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
      <TextField
        {...formField(form, 'name', GROUP_NAME_HINT)}
        label="Name"
        required
        fullWidth
        autoFocus
        autoComplete="off"
      />
      <Controller
        control={form.control}
        name="roleId"
        render={({ field, fieldState }) => (
          <RolePicker
            value={field.value}
            current={group?.role}
            onChange={(roleId) => (onRoleChange ? onRoleChange(roleId) : field.onChange(roleId))}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        {...formField(form, 'description', 'Up to 255 characters')}
        label="Description"
        fullWidth
        multiline
        minRows={2}
      />
    </>
  );
}
