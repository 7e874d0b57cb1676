import { WEBHOOK_TEXTS, type Webhook } from '@skyvault/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../core/toasts/notify';
import { useDeleteWebhook, useUpdateWebhook } from './webhooks.queries';

const T = WEBHOOK_TEXTS;

/**
 * Enable or Disable an endpoint (at once, a toast says so) and Delete it after a confirmation; the list
 * and the details screen share them. `afterDelete` says where the screen goes next.
 */
export function useWebhookActions({ afterDelete }: { afterDelete?: () => void } = {}) {
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  // Kept while the dialog fades out, so its text does not vanish before it does.
  const [shown, setShown] = useState<Webhook | null>(null);

  const toggle = (webhook: Webhook) =>
    update.mutate(
      { id: webhook.id, body: { enabled: !webhook.enabled } },
      { onSuccess: () => notify(webhook.enabled ? T.disabledToast : T.enabledToast, 'success') },
    );
  const askDelete = (webhook: Webhook) => {
    setShown(webhook);
    setDeleting(webhook);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify(T.deletedToast, 'success');
        setDeleting(null);
        afterDelete?.();
      },
      onError: () => setDeleting(null),
    });
  };

  const confirmation = (
    <ConfirmDialog
      open={deleting !== null}
      title={T.deleteTitle}
      message={shown ? T.deleteConfirm(shown.url) : undefined}
      confirmLabel={T.delete}
      destructive
      pending={remove.isPending}
      onConfirm={confirmDelete}
      onClose={() => setDeleting(null)}
    />
  );
  return { toggle, toggling: update.isPending, askDelete, confirmation };
}
