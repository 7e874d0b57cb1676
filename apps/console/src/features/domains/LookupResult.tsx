import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Domain } from '@skyvault/contract';
import { formatDate } from '../../components/formatDate';

/** What the last look-up found: nothing to say before the first one, or while the record is there. */
export function LookupResult({ domain }: { domain: Domain }) {
  if (!domain.checkedAt || (domain.lastError === null && !domain.missingSince)) return null;
  const severity = domain.status === 'Verified' ? 'warning' : 'info';
  return (
    <Alert severity={severity} role="status">
      {domain.lastError ?? 'The record was not found.'} (looked up {formatDate(domain.checkedAt)})
      {domain.lastFound.length > 0 && (
        <>
          <Box component="span" sx={{ display: 'block', mt: 1 }}>
            Found instead:
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {domain.lastFound.map((value) => (
              <Box component="li" key={value} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {value}
              </Box>
            ))}
          </Box>
        </>
      )}
      {domain.lapsesAt && (
        <Box component="span" sx={{ display: 'block', mt: 1 }}>
          Publish the record again before {formatDate(domain.lapsesAt)}, or the domain lapses.
        </Box>
      )}
    </Alert>
  );
}
