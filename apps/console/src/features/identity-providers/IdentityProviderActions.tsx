import { CONFIRMATIONS, type IdentityProvider, identityProviderEndpoints, TOASTS } from '@skyvault/contract';
import { ActionsMenu } from '../../components/ActionsMenu';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLeaveAfterDelete } from '../../components/screens/useLeaveAfterDelete';
import { type ConfirmationText, useConfirmation } from '../../components/useConfirmation';
import { toIdentityProviders } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { useDeleteIdentityProvider, useSwitchIdentityProvider } from './identity-providers.queries';

type Confirmable = 'disable' | 'delete';

/** The spec names the questions; what follows them is ours. */
const CONFIRMING: Record<Confirmable, ConfirmationText> = {
  disable: {
    title: CONFIRMATIONS.disableIdentityProvider,
    message:
      'Its button leaves the login page and sign-ins through it are refused until it is enabled again. ' +
      'Users keep their accounts and can still log in with a password.',
    label: 'Disable',
  },
  delete: {
    title: CONFIRMATIONS.deleteIdentityProvider,
    message:
      'Its button leaves the login page and the links between users and their accounts at the provider ' +
      'are removed. The users themselves stay. This cannot be undone.',
    label: 'Delete',
  },
};

/**
 * The details screen's Actions menu (SPEC.md §4): Enable or Disable by status (only Disable asks
 * first), and Delete, which asks first and then goes back to the list.
 */
export function IdentityProviderActions({ provider }: { provider: IdentityProvider }) {
  const leaveAfterDelete = useLeaveAfterDelete(TOASTS.identityProviderDeleted, toIdentityProviders());
  const switchProvider = useSwitchIdentityProvider();
  const removeProvider = useDeleteIdentityProvider();
  const confirmation = useConfirmation<Confirmable>('delete');
  const { confirming, ask: choose, done } = confirmation;
  const pending = switchProvider.isPending || removeProvider.isPending;

  const enable = () =>
    switchProvider.mutate(
      { id: provider.id, command: 'enable' },
      { onSuccess: () => notify(TOASTS.identityProviderEnabled, 'success') },
    );

  const confirm = () => {
    if (confirming === 'disable') {
      switchProvider.mutate(
        { id: provider.id, command: 'disable' },
        { onSuccess: () => notify(TOASTS.identityProviderDisabled, 'success'), onSettled: done },
      );
    } else if (confirming === 'delete') {
      removeProvider.mutate(provider.id, {
        onSuccess: leaveAfterDelete,
        onError: done,
      });
    }
  };

  return (
    <>
      <ActionsMenu
        actions={[
          provider.active
            ? {
                label: 'Disable',
                endpoint: identityProviderEndpoints.disable,
                onSelect: () => choose('disable'),
                disabled: pending,
              }
            : {
                label: 'Enable',
                endpoint: identityProviderEndpoints.enable,
                onSelect: enable,
                disabled: pending,
              },
          {
            label: 'Delete',
            endpoint: identityProviderEndpoints.remove,
            onSelect: () => choose('delete'),
            disabled: pending,
          },
        ]}
      />
      <ConfirmDialog {...confirmation.dialogProps(CONFIRMING)} pending={pending} onConfirm={confirm} />
    </>
  );
}
