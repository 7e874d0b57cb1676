import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { SSO_CALLBACK_PATH } from '@skyvault/contract';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useCopyToClipboard } from '../../components/useCopyToClipboard';

/**
 * Where the identity provider sends users back: the console's own address (the API answers on the
 * same origin, at PUBLIC_URL) and the contract's callback path.
 */
export const ssoCallbackUrl = (): string => new URL(SSO_CALLBACK_PATH, window.location.origin).href;

/**
 * The redirect URI an administrator registers for this client at the identity provider: the provider
 * refuses to send users back anywhere else, so it is shown ready to copy.
 */
export function CallbackUrlField() {
  const copy = useCopyToClipboard();
  const url = ssoCallbackUrl();
  return (
    <TextField
      label="Callback URL"
      value={url}
      fullWidth
      helperText="Register this address as the redirect URI of the client at your identity provider"
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <LazyTooltip title="Copy">
                <IconButton edge="end" aria-label="Copy callback URL" onClick={() => void copy(url)}>
                  <ContentCopyIcon />
                </IconButton>
              </LazyTooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
