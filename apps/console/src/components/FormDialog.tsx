import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';

export interface FormDialogProps {
  title: string;
  /** False plays the closing animation; `onExited` follows when it is over. */
  open?: boolean;
  /** While a call runs the dialog cannot be dismissed, so its answer is not lost. */
  busy?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  onExited?: () => void;
  actions: ReactNode;
  children: ReactNode;
}

/**
 * A small dialog that is one form: Enter submits, the title names it for screen readers, and the
 * browser's own validation bubbles stay off in favour of the field messages.
 */
export function FormDialog({
  title,
  open = true,
  busy = false,
  onSubmit,
  onClose,
  onExited,
  actions,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      {/* `display: contents` keeps the dialog's own layout: the content scrolls, the actions stay. */}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>{actions}</DialogActions>
      </Box>
    </Dialog>
  );
}
