import Stack from '@mui/material/Stack';
import { type ChangePasswordForm, changePasswordFormSchema, TOASTS } from '@skyvault/contract';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { PasswordField } from '../../components/password/PasswordField';
import { usePasswordPair } from '../../components/password/usePasswordPair';
import { useSaveDialog } from '../../components/useSaveDialog';
import { useChangeOwnPassword } from './account.queries';

const EMPTY_FORM: ChangePasswordForm = { oldPassword: '', newPassword: '', confirmationPassword: '' };

/**
 * The settings menu's 'Change password' (SPEC.md §3, §5): the current password, then the new one twice
 * under the live checklist. Change stays disabled until every rule is met; the confirmation is not sent.
 */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const change = useChangeOwnPassword();
  const { form, dialog } = useSaveDialog({
    schema: changePasswordFormSchema,
    defaultValues: EMPTY_FORM,
    send: ({ oldPassword, newPassword }) => change.mutateAsync({ oldPassword, newPassword }),
    toast: TOASTS.passwordUpdated,
    onClose,
  });
  const pair = usePasswordPair(form, 'newPassword', 'confirmationPassword');
  const hasCurrentPassword = form.watch('oldPassword') !== '';

  return (
    <FormDialog
      {...dialog}
      title="Change password"
      submitLabel="Change"
      submitDisabled={!(hasCurrentPassword && pair.ready)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <PasswordField
          {...formField(form, 'oldPassword')}
          label="Current password"
          autoComplete="current-password"
          autoFocus
          required
        />
        <NewPasswordFields form={form} pair={pair} />
      </Stack>
    </FormDialog>
  );
}
