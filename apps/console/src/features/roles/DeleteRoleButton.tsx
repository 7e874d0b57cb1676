import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import { CONFIRMATIONS, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useLeaveAfterDelete } from '../../components/useLeaveAfterDelete';
import { toRoles } from '../../core/paths/links';
import { useDeleteRole } from './roles.queries';

/** Delete on the details screen: confirmed, then back to the list; a refusal is the server's toast. */
export function DeleteRoleButton({ roleId }: { roleId: string }) {
  const leaveAfterDelete = useLeaveAfterDelete(TOASTS.roleDeleted, toRoles());
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRole();
  const confirm = () =>
    remove.mutate(roleId, {
      onSuccess: leaveAfterDelete,
      onSettled: () => setConfirming(false),
    });
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlineIcon />}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={CONFIRMATIONS.deleteRole}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
