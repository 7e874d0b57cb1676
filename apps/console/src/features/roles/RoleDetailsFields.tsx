import Stack from '@mui/material/Stack';
import type { RoleForm } from '@skyvault/contract';
import type { UseFormReturn } from 'react-hook-form';
import { formField } from '../../components/formField';
import { DescriptionField, NameField } from '../../components/TextFields';

/** Name and description of the role form, validated with the contract's rules. */
export function RoleDetailsFields({ form, disabled }: { form: UseFormReturn<RoleForm>; disabled: boolean }) {
  return (
    <Stack sx={{ gap: 2 }}>
      <NameField {...formField(form, 'name', 'Up to 80 characters')} disabled={disabled} />
      <DescriptionField
        {...formField(form, 'description', 'Optional, up to 255 characters')}
        disabled={disabled}
      />
    </Stack>
  );
}
