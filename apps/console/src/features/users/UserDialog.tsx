import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { TOASTS, type User } from '@skyvault/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { GroupPicker } from '../../components/GroupPicker';
import { PasswordField } from '../../components/password/PasswordField';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import {
  toUserPatch,
  type UserFormOutput,
  type UserFormValues,
  userFormValues,
  userResolver,
} from './userForm';
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
  const [open, setOpen] = useState(true);
  const create = useCreateUser();
  const update = useUpdateUser();
  const reportError = useFormErrorReport();
  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: userResolver(Boolean(user)),
    defaultValues: userFormValues(user),
  });
  const pending = create.isPending || update.isPending;
  const close = () => setOpen(false);

  const submit = form.handleSubmit((values) => {
    const onError = (error: unknown) => reportError(form, error);
    if (user) {
      update.mutate(
        { id: user.id, body: toUserPatch(values) },
        {
          onSuccess: () => {
            notify(TOASTS.userUpdated, 'success');
            close();
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          notify(TOASTS.userCreated, 'success');
          close();
        },
        onError,
      });
    }
  });

  return (
    <FormDialog
      title={user ? 'Edit user' : 'Create user'}
      open={open}
      busy={pending}
      onSubmit={submit}
      onClose={close}
      onExited={onClose}
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
        <TextField
          {...formField(form, 'email')}
          label="Email"
          type="email"
          required
          fullWidth
          autoComplete="off"
        />
        <PasswordField
          {...formField(form, 'password', user ? KEEP_PASSWORD_HINT : PASSWORD_HINT)}
          label="Password"
          required={!user}
          autoComplete="new-password"
        />
        <Controller
          control={form.control}
          name="groupId"
          render={({ field, fieldState }) => (
            <GroupPicker
              value={field.value}
              current={user?.group ?? null}
              label="Group"
              hint="Its role decides what the user may do"
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="isAdmin"
          render={({ field }) => (
            <FormControlLabel
              label="Administrator"
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
              }
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
