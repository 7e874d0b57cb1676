import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { useLeaveAfterDelete } from './useLeaveAfterDelete';

/** An item's delete call, as its queries give it. */
interface RemoveCall {
  mutate: (id: string, callbacks: { onSuccess: () => void; onError: () => void }) => void;
  isPending: boolean;
}

export interface DeleteButtonProps {
  id: string;
  remove: RemoveCall;
  /** The spec's question (SPEC.md §8), and what follows from the answer. */
  confirmation: string;
  message?: ReactNode;
  /** The spec's toast once deleted, and the list the screen then goes back to. */
  deleted: string;
  list: string;
}

/**
 * A details screen's Delete: it asks first, then deletes and goes back to the list. A refusal is the
 * shared handler's toast with the server's reason, and the question closes.
 */
export function DeleteButton({ id, remove, confirmation, message, deleted, list }: DeleteButtonProps) {
  const leaveAfterDelete = useLeaveAfterDelete(deleted, list);
  const [confirming, setConfirming] = useState(false);
  const confirm = () =>
    remove.mutate(id, { onSuccess: leaveAfterDelete, onError: () => setConfirming(false) });
  return (
    <>
      <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={confirmation}
        message={message}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
