import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { TOASTS, tenantUpdateSchema } from '@skyvault/contract';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { useSaveDialog } from '../../components/useSaveDialog';
import { useSessionUser } from '../../core/session/SessionContext';
import { useRenameTenant } from './account.queries';

/** Shown under the field until there is an error: the tenant name rules of SPEC.md §5, in short. */
const NAME_HINT = '4 to 32 Latin letters, digits, "-" or "_"';

/**
 * The settings menu's 'Change tenant name' (administrators only). Users type the tenant name at login,
 * so the dialog says so; the session is refreshed so the shell shows the new name.
 */
export function ChangeTenantNameDialog({ onClose }: { onClose: () => void }) {
  const user = useSessionUser();
  const rename = useRenameTenant();
  const { form, dialog } = useSaveDialog({
    schema: tenantUpdateSchema,
    // The field starts filled in, so its rules are checked as it is edited.
    mode: 'onChange',
    defaultValues: { name: user.tenant.name },
    send: (body) => rename.mutateAsync(body),
    toast: TOASTS.tenantNameUpdated,
    onClose,
  });
  const unchanged = form.watch('name').trim() === user.tenant.name;

  return (
    <FormDialog {...dialog} title="Change tenant name" submitDisabled={unchanged || !form.formState.isValid}>
      <DialogContentText sx={{ mb: 2 }}>
        Everyone in your organization logs in with the tenant name, so let them know the new one.
      </DialogContentText>
      <TextField
        {...formField(form, 'name', NAME_HINT)}
        label="Tenant name"
        autoComplete="off"
        autoFocus
        required
        fullWidth
      />
    </FormDialog>
  );
}
