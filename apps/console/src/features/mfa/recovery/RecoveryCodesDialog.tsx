import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { RECOVERY_CODE_TEXTS } from '@skyvault/contract';
import { useId } from 'react';
import { useCopyToClipboard } from '../../../components/useCopyToClipboard';

export interface RecoveryCodesDialogProps {
  codes: string[];
  open: boolean;
  onClose: () => void;
}

/** One code a line, so the file and the clipboard read the same as the grid. */
const codesText = (codes: string[]) => `${codes.join('\n')}\n`;

/** Saves the codes as a text file: the browser downloads it without any call to the server. */
function downloadCodes(codes: string[]) {
  const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODE_TEXTS.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * A new set of recovery codes, shown this once: only their hashes are kept, so the user downloads or
 * copies them here. Closing needs the explicit "I have saved my codes": a click beside the dialog or
 * Escape would lose them unseen.
 */
export function RecoveryCodesDialog({ codes, open, onClose }: RecoveryCodesDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const copy = useCopyToClipboard();

  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
      disableEscapeKeyDown
    >
      <DialogTitle id={titleId}>{RECOVERY_CODE_TEXTS.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
          {RECOVERY_CODE_TEXTS.intro}
        </DialogContentText>
        <Box
          component="ul"
          aria-label={RECOVERY_CODE_TEXTS.title}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(2, 1fr)',
            gap: 1,
            listStyle: 'none',
            m: 0,
            p: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: '1rem',
            textAlign: 'center',
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        <Stack direction="row" sx={{ gap: 1, mt: 2 }}>
          <Button startIcon={<DownloadIcon />} onClick={() => downloadCodes(codes)}>
            {RECOVERY_CODE_TEXTS.download}
          </Button>
          <Button startIcon={<ContentCopyIcon />} onClick={() => void copy(codesText(codes))}>
            {RECOVERY_CODE_TEXTS.copy}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {RECOVERY_CODE_TEXTS.saved}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
