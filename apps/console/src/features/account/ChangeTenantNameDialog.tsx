import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import {
  type SessionUser,
  type TenantUpdate,
  TOASTS,
  tenantEndpoints,
  tenantUpdateSchema,
} from '@skyvault/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { callApi } from '../../core/api/client';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { useSessionUser } from '../../core/session/SessionContext';
import { sessionQuery } from '../../core/session/session.queries';
import { notify } from '../../core/toasts/notify';

/** Shown under the field until there is an error: the tenant name rules of SPEC.md §5, in short. */
const NAME_HINT = '4 to 32 Latin letters, digits, "-" or "_"';

/**
 * The settings menu's 'Change tenant name' (administrators only). Users type the tenant name at login,
 * so the dialog says so; the session is refreshed so the shell shows the new name.
 */
export function ChangeTenantNameDialog({ onClose }: { onClose: () => void }) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const reportError = useFormErrorReport();
  const form = useForm({
    resolver: zodResolver(tenantUpdateSchema),
    // The field starts filled in, so its rules are checked as it is edited.
    mode: 'onChange',
    defaultValues: { name: user.tenant.name },
  });
  const rename = useMutation({
    mutationFn: (body: TenantUpdate) => callApi(tenantEndpoints.update, { body }),
    meta: { errorToast: false },
  });
  const unchanged = form.watch('name').trim() === user.tenant.name;

  const submit = form.handleSubmit((body) =>
    rename.mutate(body, {
      onSuccess: (tenant) => {
        queryClient.setQueryData(sessionQuery.queryKey, (session: SessionUser | undefined) =>
          session ? { ...session, tenant } : session,
        );
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
        notify(TOASTS.tenantNameUpdated, 'success');
        setOpen(false);
      },
      onError: (error) => reportError(form, error),
    }),
  );

  return (
    <FormDialog
      title="Change tenant name"
      open={open}
      busy={rename.isPending}
      onSubmit={submit}
      onClose={() => setOpen(false)}
      onExited={onClose}
      actions={
        <>
          <Button onClick={() => setOpen(false)} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={unchanged || !form.formState.isValid}
            loading={rename.isPending}
          >
            Save
          </Button>
        </>
      }
    >
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
