import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useDismissAfterAsking } from './DiscardChangesDialog';

export interface FormDialogProps {
  title: string;
  /** What the dialog is about, above its fields; screen readers read it with the title. */
  description?: ReactNode;
  /** False plays the closing animation; `onExited` follows when it is over. */
  open?: boolean;
  /** While a call runs the dialog cannot be dismissed, so its answer is not lost. */
  busy?: boolean;
  /** The form has changes that were not saved: Esc, a click beside it and Cancel ask before closing. */
  dirty?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  onExited?: () => void;
  /** The submit button's text; with it the dialog shows the usual pair: cancel (closes) and submit. */
  submitLabel?: string;
  /** Submit stays off until the form may be sent (e.g. every password rule met). */
  submitDisabled?: boolean;
  /** A submit that destroys something uses the error colour. */
  destructive?: boolean;
  cancelLabel?: string;
  /** Buttons of a dialog that needs other ones than the usual pair. */
  actions?: ReactNode;
  /** A button before the usual pair, at the actions' start (a storage's Test connection). */
  extraAction?: ReactNode;
  children: ReactNode;
}

/**
 * A small dialog that is one form: Enter submits, the title names it for screen readers, and the
 * browser's own validation bubbles stay off in favour of the field messages.
 */
export function FormDialog({
  title,
  description,
  open = true,
  busy = false,
  dirty = false,
  onSubmit,
  onClose,
  onExited,
  submitLabel = 'Save',
  submitDisabled = false,
  destructive = false,
  cancelLabel = 'Cancel',
  actions,
  extraAction,
  children,
}: FormDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { dismiss, prompt } = useDismissAfterAsking(dirty, onClose);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : dismiss}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited } }}
    >
      {/* `display: contents` keeps the dialog's own layout: the content scrolls, the actions stay. */}
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {description && (
            <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
              {description}
            </DialogContentText>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          {actions ?? (
            <>
              {extraAction && <Box sx={{ mr: 'auto' }}>{extraAction}</Box>}
              <Button onClick={dismiss} disabled={busy}>
                {cancelLabel}
              </Button>
              <Button
                type="submit"
                variant="contained"
                color={destructive ? 'error' : 'primary'}
                disabled={submitDisabled}
                loading={busy}
              >
                {submitLabel}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
      {prompt}
    </Dialog>
  );
}
