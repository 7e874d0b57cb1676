import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  adminRoleEndpoints,
  INVITATION_MESSAGES,
  SCREEN_TITLES,
  TOASTS,
  type User,
} from '@skyvault/contract';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { controlledField, formField } from '../../components/formField';
import { GroupPicker } from '../../components/GroupPicker';
import { PasswordField } from '../../components/password/PasswordField';
import { SwitchField } from '../../components/SwitchField';
import { EmailField } from '../../components/TextFields';
import { useSaveDialog } from '../../components/useSaveDialog';
import { useCan } from '../../core/session/permissions';
import { toUserPatch, userFormValues, userResolver } from './userForm';
import { useCreateUser, useUpdateUser } from './users.queries';

/** Under the password until there is an error: the simplified rules of SPEC.md §5, in short. */
const PASSWORD_HINT = '8 to 64 characters with at least 1 special symbol';
const KEEP_PASSWORD_HINT = 'Leave empty to keep the current password';

/** Create with a password, invite to set one (no password field), or edit (`user` given). */
export type UserDialogMode = 'create' | 'invite';

const WORDS = {
  create: { title: SCREEN_TITLES.createUser, submit: 'Create', toast: TOASTS.userCreated },
  invite: { title: INVITATION_MESSAGES.inviteTitle, submit: 'Invite', toast: INVITATION_MESSAGES.invited },
  edit: { title: 'Edit user', submit: 'Save', toast: TOASTS.userUpdated },
} as const;

/**
 * The 'Create user' modal, the same modal to invite a user (no password: the user is e-mailed a link
 * to set one) and to edit a user (SPEC.md §2 Users): names, e-mail, password (optional when editing),
 * group and the administrator switch, checked with the contract's schemas; the server's field errors
 * (a taken e-mail, an unknown group) show at their fields.
 */
export function UserDialog({
  user,
  mode = 'create',
  onClose,
}: {
  user?: User;
  mode?: UserDialogMode;
  onClose: () => void;
}) {
  const can = useCan();
  const create = useCreateUser();
  const update = useUpdateUser();
  const kind = user ? 'edit' : mode;
  const words = WORDS[kind];
  const { form, dialog } = useSaveDialog({
    resolver: userResolver(kind),
    defaultValues: userFormValues(user),
    send: (values) =>
      user ? update.mutateAsync({ id: user.id, body: toUserPatch(values) }) : create.mutateAsync(values),
    toast: words.toast,
    onClose,
  });

  return (
    <FormDialog {...dialog} title={words.title} submitLabel={words.submit}>
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
        {kind !== 'invite' && (
          <PasswordField
            {...formField(form, 'password', user ? KEEP_PASSWORD_HINT : PASSWORD_HINT)}
            label="Password"
            required={!user}
            autoComplete="new-password"
          />
        )}
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
        {/* On makes an Owner (off takes every role): for whoever sets administrator roles. */}
        {can(adminRoleEndpoints.setOfUser) && (
          <SwitchField control={form.control} name="isAdmin" label="Administrator" />
        )}
      </Stack>
    </FormDialog>
  );
}
