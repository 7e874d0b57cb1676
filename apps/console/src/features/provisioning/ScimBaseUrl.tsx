import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { LazyTooltip } from '../../components/LazyTooltip';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { TitledSection } from '../../components/TitledSection';
import { useCopyToClipboard } from '../../components/useCopyToClipboard';
import { useProvisioningSettings } from './provisioning.queries';
import { PROVISIONING_TEXTS } from './provisioning.texts';

const T = PROVISIONING_TEXTS;

/** The address the identity provider calls, read-only and ready to copy. */
export function ScimBaseUrl() {
  const settings = useProvisioningSettings();
  const copy = useCopyToClipboard();
  const url = settings.data?.scimBaseUrl;
  return (
    <TitledSection title={T.baseUrl} busy={settings.isPending}>
      {url ? (
        <TextField
          label={T.baseUrl}
          value={url}
          fullWidth
          helperText={T.baseUrlHelp}
          slotProps={{
            htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <LazyTooltip title="Copy">
                    <IconButton edge="end" aria-label={T.copyBaseUrl} onClick={() => void copy(url)}>
                      <ContentCopyIcon />
                    </IconButton>
                  </LazyTooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      ) : settings.isError ? (
        <LoadFailed what="SCIM base URL" onRetry={() => void settings.refetch()} />
      ) : (
        <Skeleton variant="rounded" height={56} aria-label="Loading" />
      )}
    </TitledSection>
  );
}
