import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { API_TOKEN_TEXTS, type ApiToken } from '@skyvault/contract';
import { formatDate } from '../formatDate';
import { StatusChip } from '../StatusChip';

const isExpired = (token: ApiToken) => new Date(token.expiresAt).getTime() <= Date.now();

/** A token's name over its first characters, by which its holder recognises it (never the token). */
export function ApiTokenName({ token }: { token: ApiToken }) {
  return (
    <Stack>
      <span>{token.name}</span>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
        {token.prefix}…
      </Typography>
    </Stack>
  );
}

/** When a token expires, marked once it has. */
export function ApiTokenExpiry({ token }: { token: ApiToken }) {
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <span>{formatDate(token.expiresAt)}</span>
      {isExpired(token) && <StatusChip label={API_TOKEN_TEXTS.expired} color="error" />}
    </Stack>
  );
}
