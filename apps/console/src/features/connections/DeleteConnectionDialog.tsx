import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import {
  ACTION_LABELS,
  CONFIRMATIONS,
  type Connection,
  deleteConnectionFormSchema,
  TOASTS,
} from '@skyvault/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { useErrorHandler } from '../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import { useDeleteConnection } from './connections.queries';

/**
 * Delete Connection: irreversible, so the connection's name must be typed to confirm (SPEC.md §2, §5).
 * A failed delete closes the dialog without a message (SPEC.md §8), and the refreshed list shows the
 * connection still there.
 */
export function DeleteConnectionDialog({
  connection,
  onDeleted,
  onClose,
}: {
  connection: Connection;
  /** What else a delete does (the connection's page goes back to the list). */
  onDeleted?: () => void;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(true);
  const handleError = useErrorHandler();
  const remove = useDeleteConnection();
  const schema = useMemo(() => deleteConnectionFormSchema(connection.name), [connection.name]);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: '' } });

  const submit = form.handleSubmit(() =>
    remove.mutate(connection.id, {
      onSuccess: () => {
        notify(TOASTS.connectionDeleted, 'success');
        onDeleted?.();
      },
      onError: (error) => {
        if (isHandledByErrorHandler(error)) handleError(error);
      },
      onSettled: () => setOpen(false),
    }),
  );

  return (
    <FormDialog
      title={ACTION_LABELS.deleteConnection}
      open={open}
      busy={remove.isPending}
      onSubmit={submit}
      onClose={() => setOpen(false)}
      onExited={onClose}
      submitLabel="Delete"
      destructive
    >
      <DialogContentText sx={{ mb: 2 }}>{CONFIRMATIONS.deleteConnection}</DialogContentText>
      <DialogContentText sx={{ mb: 2 }}>
        Type <strong>{connection.name}</strong> to confirm.
      </DialogContentText>
      <TextField
        {...formField(form, 'name')}
        label="Connection name"
        required
        fullWidth
        autoFocus
        autoComplete="off"
      />
    </FormDialog>
  );
}
