import { CONFIRMATIONS, INVITATION_MESSAGES, TOASTS, type User, userEndpoints } from '@skyvault/contract';
import { useState } from 'react';
import { ActionsMenu } from '../../components/ActionsMenu';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLeaveAfterDelete } from '../../components/screens/useLeaveAfterDelete';
import { type ConfirmationText, useConfirmation } from '../../components/useConfirmation';
import { isConflict } from '../../core/errors/apiErrors';
import { useErrorHandler } from '../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';
import { toUsers } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { RemovePasskeysOption } from './RemovePasskeysOption';
import { useDeleteUser, useResendInvitation, useResetUserPassword, useUpdateUser } from './users.queries';

type UserAction = 'reset' | 'disable' | 'enable' | 'delete';

/** Texts the spec does not give are ours, worded like its own. */
const CONFIRMING: Record<UserAction, ConfirmationText> = {
  reset: {
    title: 'Reset the password of this user?',
    message:
      'The user is signed out and must set a new password before signing in again; a link to set it is ' +
      'sent to their email.',
    label: 'Reset password',
    destructive: false,
  },
  disable: {
    title: 'Disable this user?',
    message: 'The user is signed out at once and cannot log in until enabled again.',
    label: 'Disable',
    destructive: true,
  },
  enable: { title: 'Enable this user?', label: 'Enable', destructive: false },
  delete: { title: CONFIRMATIONS.deleteUser, label: 'Delete', destructive: true },
};
const USER_DISABLED = 'User was successfully disabled';
const USER_ENABLED = 'User was successfully enabled';

/**
 * The details screen's actions: Resend invitation for a user who has not set a password yet (no
 * confirmation: it only mails a new link), Reset password, Disable or Enable by status, Delete.
 */
export function UserActions({ user }: { user: User }) {
  const leaveAfterDelete = useLeaveAfterDelete(TOASTS.userDeleted, toUsers());
  const handleError = useErrorHandler();
  const confirmation = useConfirmation<UserAction>('delete');
  const { confirming, ask, done } = confirmation;
  const [removePasskeys, setRemovePasskeys] = useState(false);
  const choose = (action: UserAction) => {
    setRemovePasskeys(false);
    ask(action);
  };
  const reset = useResetUserPassword();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const resend = useResendInvitation();
  const pending = reset.isPending || update.isPending || remove.isPending;
  const resendInvitation = () =>
    resend.mutate(user.id, { onSuccess: () => notify(INVITATION_MESSAGES.resent, 'success') });
  const disabled = user.status === 'Disabled';

  const confirm = () => {
    if (confirming === 'reset') {
      reset.mutate(
        { id: user.id, removePasskeys },
        {
          onSuccess: () => notify(TOASTS.userPasswordReset, 'success'),
          onSettled: done,
        },
      );
    } else if (confirming === 'disable' || confirming === 'enable') {
      const to = confirming;
      update.mutate(
        { id: user.id, body: { status: to === 'disable' ? 'Disabled' : 'Confirmed' } },
        {
          onSuccess: () => notify(to === 'disable' ? USER_DISABLED : USER_ENABLED, 'success'),
          onError: (error) => {
            if (!isHandledByErrorHandler(error)) handleError(error);
          },
          onSettled: done,
        },
      );
    } else if (confirming === 'delete') {
      remove.mutate(user.id, {
        onSuccess: leaveAfterDelete,
        // Failed deletes are swallowed (SPEC.md §8); a refusal of the rules (the last administrator,
        // oneself) is worth telling, since nothing else would explain why the user is still there.
        onError: (error) => {
          if (isConflict(error)) notify(error.message, 'error');
          done();
        },
      });
    }
  };

  return (
    <>
      <ActionsMenu
        actions={[
          ...(user.status === 'WaitConfirmation'
            ? [
                {
                  label: INVITATION_MESSAGES.resend,
                  endpoint: userEndpoints.resendInvitation,
                  disabled: resend.isPending,
                  onSelect: resendInvitation,
                },
              ]
            : []),
          {
            label: 'Reset password',
            endpoint: userEndpoints.resetPassword,
            disabled,
            onSelect: () => choose('reset'),
          },
          disabled
            ? { label: 'Enable', endpoint: userEndpoints.update, onSelect: () => choose('enable') }
            : { label: 'Disable', endpoint: userEndpoints.update, onSelect: () => choose('disable') },
          { label: 'Delete', endpoint: userEndpoints.remove, onSelect: () => choose('delete') },
        ]}
      />
      <ConfirmDialog
        {...confirmation.dialogProps(CONFIRMING)}
        // Reset password may also remove the user's passkeys: they sign in without the password.
        {...(confirmation.shown === 'reset' && {
          message: (
            <>
              {CONFIRMING.reset.message}
              <RemovePasskeysOption
                userId={user.id}
                checked={removePasskeys}
                onChange={setRemovePasskeys}
                disabled={pending}
              />
            </>
          ),
        })}
        pending={pending}
        onConfirm={confirm}
      />
    </>
  );
}
