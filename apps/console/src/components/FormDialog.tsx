import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
  /** The submit button's text; with it the dialog shows the usual pair: cancel (closes) and submit. */
  submitLabel?: string;
  cancelLabel?: string;
  /** Buttons of a dialog that needs other ones than the usual pair. */
  actions?: ReactNode;
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
  submitLabel = 'Save',
  cancelLabel = 'Cancel',
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
        <DialogActions>
          {actions ?? (
            <>
              <Button onClick={onClose} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button type="submit" variant="contained" loading={busy}>
                {submitLabel}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
