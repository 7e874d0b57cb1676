import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import type { EndpointDef } from '@skyvault/contract';
import { type ReactNode, useState } from 'react';
import { useCan } from '../../core/session/permissions';
import { ConfirmDialog } from '../ConfirmDialog';
import { useLeaveAfterDelete } from './useLeaveAfterDelete';

/** An item's delete call, as its queries give it. */
interface RemoveCall {
  mutate: (id: string, callbacks: { onSuccess: () => void; onError: () => void }) => void;
  isPending: boolean;
}

export interface DeleteButtonProps {
  /** The delete call: the button is shown only to whom it is open (its access and permission). */
  endpoint: EndpointDef;
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
export function DeleteButton({
  endpoint,
  id,
  remove,
  confirmation,
  message,
  deleted,
  list,
}: DeleteButtonProps) {
  const leaveAfterDelete = useLeaveAfterDelete(deleted, list);
  const [confirming, setConfirming] = useState(false);
  const can = useCan();
  if (!can(endpoint)) return null;
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
