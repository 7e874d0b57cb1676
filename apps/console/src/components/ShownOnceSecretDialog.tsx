import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useCopyToClipboard } from './useCopyToClipboard';

export interface ShownOnceSecretDialogProps {
  title: string;
  /** The warning that this is the only time the value is shown. */
  warning: string;
  /** The field's label, e.g. 'API token' or 'Signing secret'. */
  label: string;
  value: string;
  copyLabel?: string;
  doneLabel?: string;
  /** Called once the dialog has closed: the caller drops the value, so it is never shown again. */
  onClose: () => void;
}

/**
 * A secret the server answers once (an API token, a webhook signing secret): shown in full, read-only,
 * with a Copy button and the warning. A click outside does not close it, so it is not lost by accident;
 * Done or Escape do, and the caller forgets the value.
 */
export function ShownOnceSecretDialog({
  title,
  warning,
  label,
  value,
  copyLabel = 'Copy',
  doneLabel = 'Done',
  onClose,
}: ShownOnceSecretDialogProps) {
  const [open, setOpen] = useState(true);
  const titleId = useId();
  const warningId = useId();
  const copy = useCopyToClipboard();
  return (
    <Dialog
      open={open}
      onClose={(_, reason) => reason !== 'backdropClick' && setOpen(false)}
      aria-labelledby={titleId}
      aria-describedby={warningId}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: onClose } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <Alert severity="warning" id={warningId}>
            {warning}
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
            <TextField
              label={label}
              value={value}
              fullWidth
              onFocus={(event) => event.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
              }}
            />
            <Button
              variant="outlined"
              startIcon={<ContentCopyIcon />}
              onClick={() => void copy(value)}
              aria-label={`${copyLabel} ${label.toLowerCase()}`}
              sx={{ flexShrink: 0 }}
            >
              {copyLabel}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => setOpen(false)}>
          {doneLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
