import {
  ACTION_LABELS,
  type Application,
  applicationEndpoints,
  CONFIRMATIONS,
  TOASTS,
} from '@skyvault/contract';
import { ActionsMenu } from '../../components/ActionsMenu';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLeaveAfterDelete } from '../../components/screens/useLeaveAfterDelete';
import { type ConfirmationText, useConfirmation } from '../../components/useConfirmation';
import { toConnectedApps } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { type ApplicationCommand, useApplicationCommand, useDeleteApplication } from './applications.queries';

/** The actions that ask first (SPEC.md §4): all three end the app's sessions and authorization data. */
type ConfirmedAction = 'disable' | 'regenerate' | 'delete';

const message = CONFIRMATIONS.applicationSessionsWarning;
const CONFIRMING: Record<ConfirmedAction, ConfirmationText> = {
  disable: { title: CONFIRMATIONS.disableApplication, message, label: 'Disable' },
  regenerate: { title: CONFIRMATIONS.regenerateClientSecret, message, label: 'Regenerate' },
  delete: { title: CONFIRMATIONS.deleteApplication, message, label: 'Delete' },
};

const DONE: Record<ApplicationCommand, string> = {
  enable: TOASTS.applicationEnabled,
  disable: TOASTS.applicationDisabled,
  regenerate: TOASTS.clientSecretRegenerated,
};

/**
 * The details screen's Actions menu: Disable or Enable by status, Regenerate secret, Delete. Enable runs at
 * once; the others confirm with the warning that active sessions and authorization data are removed.
 * Failures reach the shared handler's toast.
 */
export function ConnectedAppActions({ app }: { app: Application }) {
  const leaveAfterDelete = useLeaveAfterDelete(TOASTS.applicationDeleted, toConnectedApps());
  const command = useApplicationCommand();
  const remove = useDeleteApplication();
  const confirmation = useConfirmation<ConfirmedAction>('delete');
  const { confirming, ask, done } = confirmation;
  const pending = command.isPending || remove.isPending;

  const run = (name: ApplicationCommand) =>
    command.mutate(
      { id: app.id, command: name },
      { onSuccess: () => notify(DONE[name], 'success'), onSettled: done },
    );

  const confirm = () => {
    if (confirming === 'delete') {
      remove.mutate(app.id, {
        onSuccess: leaveAfterDelete,
        onError: done,
      });
    } else if (confirming) {
      run(confirming);
    }
  };

  return (
    <>
      <ActionsMenu
        actions={[
          app.active
            ? {
                label: 'Disable',
                endpoint: applicationEndpoints.disable,
                disabled: pending,
                onSelect: () => ask('disable'),
              }
            : {
                label: 'Enable',
                endpoint: applicationEndpoints.enable,
                disabled: pending,
                onSelect: () => run('enable'),
              },
          {
            label: ACTION_LABELS.regenerateSecret,
            endpoint: applicationEndpoints.regenerate,
            disabled: pending,
            onSelect: () => ask('regenerate'),
          },
          {
            label: 'Delete',
            endpoint: applicationEndpoints.remove,
            disabled: pending,
            onSelect: () => ask('delete'),
          },
        ]}
      />
      <ConfirmDialog {...confirmation.dialogProps(CONFIRMING)} pending={pending} onConfirm={confirm} />
    </>
  );
}
