import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LICENSE_EXPIRED_TEXT, LICENSE_EXPIRED_TITLE } from '@skyvault/contract';
import { useId } from 'react';

/**
 * 'Access to this app has expired' (SPEC.md §2): it cannot be closed, only a renewed licence takes it
 * away. It covers the expired product's tab (`container`) rather than the whole console, so the other
 * product's tab, the sidebar and the settings menu stay within reach.
 */
export function ExpiredLicenseDialog({ container }: { container: HTMLElement }) {
  const textId = useId();
  return (
    <Dialog
      open
      container={container}
      aria-describedby={textId}
      disableEscapeKeyDown
      disableEnforceFocus
      disableScrollLock
      sx={{ position: 'absolute' }}
      slotProps={{ backdrop: { sx: { position: 'absolute' } } }}
    >
      <DialogTitle>{LICENSE_EXPIRED_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{LICENSE_EXPIRED_TEXT}</DialogContentText>
      </DialogContent>
    </Dialog>
  );
}
