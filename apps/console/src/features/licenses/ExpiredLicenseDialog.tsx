import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LICENSE_EXPIRED_TEXT, LICENSE_EXPIRED_TITLE, SUPPORT_MESSAGES } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { SupportContactLink } from '../../components/SupportContactLink';
import { capabilitiesQuery } from '../../core/system.queries';

/**
 * 'Access to this app has expired' (SPEC.md §2): it cannot be closed, only a renewed licence takes it
 * away. It covers the expired product's tab (`container`) rather than the whole console, so the other
 * product's tab, the sidebar and the settings menu stay within reach. It names whom to contact: the
 * operator's SUPPORT_CONTACT when set, otherwise who in the organization can tell.
 */
export function ExpiredLicenseDialog({ container }: { container: HTMLElement }) {
  const textId = useId();
  const contact = useQuery(capabilitiesQuery).data?.supportContact;
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
        <DialogContentText id={textId} component="div">
          <p style={{ marginTop: 0 }}>{LICENSE_EXPIRED_TEXT}</p>
          <p style={{ marginBottom: 0 }}>
            {contact ? (
              <>
                {SUPPORT_MESSAGES.licenseContact} <SupportContactLink contact={contact} />.
              </>
            ) : (
              SUPPORT_MESSAGES.licenseNoContact
            )}
          </p>
        </DialogContentText>
      </DialogContent>
    </Dialog>
  );
}
