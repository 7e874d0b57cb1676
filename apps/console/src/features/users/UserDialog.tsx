import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { SCREEN_TITLES, TOASTS, type User } from '@skyvault/contract';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { controlledField, formField } from '../../components/formField';
import { GroupPicker } from '../../components/GroupPicker';
import { PasswordField } from '../../components/password/PasswordField';
import { SwitchField } from '../../components/SwitchField';
import { EmailField } from '../../components/TextFields';
import { useSaveDialog } from '../../components/useSaveDialog';
import { toUserPatch, userFormValues, userResolver } from './userForm';
import { useCreateUser, useUpdateUser } from './users.queries';

/** Under the password until there is an error: the simplified rules of SPEC.md §5, in short. */
const PASSWORD_HINT = '8 to 64 characters with at least 1 special symbol';
const KEEP_PASSWORD_HINT = 'Leave empty to keep the current password';

/**
 * The 'Create user' modal, and the same modal to edit a user (SPEC.md §2 Users): names, e-mail,
 * password (optional when editing), group and the administrator switch, checked with the contract's
 * schemas; the server's field errors (a taken e-mail, an unknown group) show at their fields.
 */
export function UserDialog({ user, onClose }: { user?: User; onClose: () => void }) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const { form, dialog } = useSaveDialog({
    resolver: userResolver(Boolean(user)),
    defaultValues: userFormValues(user),
    send: (values) =>
      user ? update.mutateAsync({ id: user.id, body: toUserPatch(values) }) : create.mutateAsync(values),
    toast: user ? TOASTS.userUpdated : TOASTS.userCreated,
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      title={user ? 'Edit user' : SCREEN_TITLES.createUser}
      submitLabel={user ? 'Save' : 'Create'}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField
          {...formField(form, 'firstName')}
          label="First name"
          required
          fullWidth
          autoFocus
          autoComplete="off"
        />
        <TextField {...formField(form, 'lastName')} label="Last name" required fullWidth autoComplete="off" />
        <EmailField {...formField(form, 'email')} autoComplete="off" />
        <PasswordField
          {...formField(form, 'password', user ? KEEP_PASSWORD_HINT : PASSWORD_HINT)}
          label="Password"
          required={!user}
          autoComplete="new-password"
        />
        <Controller
          control={form.control}
          name="groupId"
          render={(control) => (
            <GroupPicker
              {...controlledField(control)}
              current={user?.group ?? null}
              label="Group"
              hint="Its role decides what the user may do"
            />
          )}
        />
        <SwitchField control={form.control} name="isAdmin" label="Administrator" />
      </Stack>
    </FormDialog>
  );
}
