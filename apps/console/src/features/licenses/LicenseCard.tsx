import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { License } from '@skyvault/contract';
import { useId } from 'react';
import { DescriptionList } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { TRIAL_TITLE } from './licenseLimits';

/**
 * The licence's edition, its trial badge and when it ends. An ended licence has its date in red, and
 * says "expired" too, so colour is not the only sign.
 */
export function LicenseCard({ license, expired }: { license: License; expired: boolean }) {
  const titleId = useId();
  const ended = expired || Date.parse(license.endDate) <= Date.now();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {license.edition}
        </Typography>
        {license.isTrial && <Chip label={TRIAL_TITLE} color="primary" size="small" />}
      </Stack>
      <DescriptionList>
        <dt>Expiration date</dt>
        <Box
          component="dd"
          sx={{ color: ended ? 'error.main' : undefined, fontWeight: ended ? 600 : undefined }}
        >
          {formatDate(license.endDate)}
          {ended && ' (expired)'}
        </Box>
      </DescriptionList>
    </Paper>
  );
}
