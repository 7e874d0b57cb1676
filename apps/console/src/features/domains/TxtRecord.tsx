import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Domain } from '@skyvault/contract';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useCopyToClipboard } from '../../components/useCopyToClipboard';

/** One field of the record: its words, the whole value (nothing secret about it) and a copy button. */
function RecordField({ label, value }: { label: string; value: string }) {
  const copy = useCopyToClipboard();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
        <Box
          component="code"
          sx={{ fontFamily: 'monospace', fontSize: '0.875rem', wordBreak: 'break-all', flex: 1, minWidth: 0 }}
        >
          {value}
        </Box>
        <LazyTooltip title="Click to copy">
          <IconButton
            size="small"
            onClick={() => void copy(value)}
            aria-label={`Copy the record's ${label.toLowerCase()}`}
          >
            <ContentCopyIcon fontSize="inherit" />
          </IconButton>
        </LazyTooltip>
      </Stack>
    </Box>
  );
}

/** The TXT record an administrator publishes at their DNS provider, field by field as providers ask. */
export function TxtRecord({ domain }: { domain: Pick<Domain, 'txtName' | 'txtValue'> }) {
  return (
    <Stack sx={{ gap: 1.5, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
      <RecordField label="Type" value="TXT" />
      <RecordField label="Name" value={domain.txtName} />
      <RecordField label="Value" value={domain.txtValue} />
    </Stack>
  );
}
