import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Domain, domainEndpoints } from '@skyvault/contract';
import { useId } from 'react';
import { useCan } from '../../core/session/permissions';
import { DomainStatusChip } from './DomainStatusChip';
import { useVerifyDomain } from './domains.queries';
import { LookupResult } from './LookupResult';
import { TxtRecord } from './TxtRecord';

/**
 * The record to publish for one domain, what the last look-up found, and Verify: right after Add, and
 * from the list whenever the administrator needs the record again.
 */
export function DomainRecordDialog({ domain, onClose }: { domain: Domain; onClose: () => void }) {
  const titleId = useId();
  const verify = useVerifyDomain();
  const canVerify = useCan()(domainEndpoints.verify);
  return (
    <Dialog
      open
      onClose={verify.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>DNS record for {domain.domain}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <Typography variant="body2">Status:</Typography>
            <DomainStatusChip domain={domain} />
          </Stack>
          <Typography variant="body2">
            Add this TXT record at your DNS provider, then choose Verify. New records can take a few minutes
            to an hour to be visible. Keep the record in place: it is checked every day.
          </Typography>
          <TxtRecord domain={domain} />
          <LookupResult domain={domain} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={verify.isPending}>
          Close
        </Button>
        {canVerify && (
          <Button variant="contained" onClick={() => verify.mutate(domain.id)} disabled={verify.isPending}>
            {verify.isPending ? 'Verifying…' : 'Verify'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
