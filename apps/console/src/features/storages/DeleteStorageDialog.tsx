import { type Storage, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { isConflict } from '../../core/errors/apiErrors';
import { notify } from '../../core/toasts/notify';
import { useDeleteStorage } from './storages.queries';

/** Not worded by the spec; phrased like its other delete confirmations. */
export const DELETE_STORAGE_CONFIRMATION = 'Are you sure you want to delete this storage?';

/**
 * Confirms and deletes. Failed deletes of storages are swallowed (SPEC.md §8), with one exception: a
 * storage that a connection uses cannot be deleted (409), and saying so is the only way the user learns
 * what to do about it.
 */
export function DeleteStorageDialog({
  storage,
  onDeleted,
  onClose,
}: {
  storage: Storage | null;
  /** What else a delete does (its page goes back to the list). */
  onDeleted?: () => void;
  onClose: () => void;
}) {
  const remove = useDeleteStorage();
  // Kept after closing, so the dialog does not lose its text while it fades out.
  const [shown, setShown] = useState(storage);
  if (storage && storage !== shown) setShown(storage);

  const confirm = () => {
    if (!storage) return;
    remove.mutate(storage.id, {
      onSuccess: () => {
        notify(TOASTS.storageDeleted, 'success');
        onDeleted?.();
      },
      onError: (error) => {
        if (isConflict(error)) notify(error.message, 'error');
      },
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open={storage !== null}
      title={DELETE_STORAGE_CONFIRMATION}
      message={shown ? `"${shown.name}" will be deleted.` : undefined}
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
