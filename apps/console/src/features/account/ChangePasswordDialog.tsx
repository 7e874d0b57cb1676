import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  type ChangePasswordForm,
  changePasswordFormSchema,
  type PasswordChange,
  passwordEndpoints,
  TOASTS,
} from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { PasswordField } from '../../components/password/PasswordField';
import { usePasswordPair } from '../../components/password/usePasswordPair';
import { callApi } from '../../core/api/client';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';

const EMPTY_FORM: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmationPassword: '' };

/**
 * The settings menu's 'Change password' (SPEC.md §3, §5): the current password, then the new one twice
 * under the live checklist. Change stays disabled until every rule is met; the confirmation is not sent.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const reportError = useFormErrorReport();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY_FORM,
  });
  const pair = usePasswordPair(form, 'newPassword', 'confirmationPassword');
  const hasCurrentPassword = form.watch('oldPassword') !== '';
  const change = useMutation({
    mutationFn: (body: PasswordChange) => callApi(passwordEndpoints.changeOwnPassword, { body }),
    meta: { errorToast: false },
  });

  const submit = form.handleSubmit(({ oldPassword, newPassword }) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          notify(TOASTS.passwordUpdated, 'success');
          setOpen(false);
        },
        onError: (error) => reportError(form, error),
      },
    ),
  );

  return (
    <FormDialog
      title="Change password"
      open={open}
      busy={change.isPending}
      onSubmit={submit}
      onClose={() => setOpen(false)}
      onExited={onClose}
      actions={
        <>
          <Button onClick={() => setOpen(false)} disabled={change.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!(hasCurrentPassword && pair.ready)}
            loading={change.isPending}
          >
            Change
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <PasswordField
          {...formField(form, 'oldPassword')}
          label="Current password"
          autoComplete="current-password"
          autoFocus
          required
        />
        <NewPasswordFields
          form={form}
          passwordName="newPassword"
          confirmationName="confirmationPassword"
          pair={pair}
          labels={{ password: 'New password', confirmation: 'Confirm new password' }}
        />
      </Stack>
    </FormDialog>
  );
}
