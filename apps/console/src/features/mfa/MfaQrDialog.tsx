import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type MfaDeviceVerified, mfaVerifySchema } from '@skyvault/contract';
import { QRCodeSVG } from 'qrcode.react';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useApiForm } from '../../components/useApiForm';
import { useCopyToClipboard } from '../../components/useCopyToClipboard';
import type { CreatedMfaDevice } from './MfaNameDialog';
import { useVerifyMfaDevice } from './mfa.queries';
import { groupSecret, otpSecret } from './otpauth';

export interface MfaQrDialogProps {
  /** A new device, or one whose secret was just reset: its otpauth link is shown this once only. */
  device: CreatedMfaDevice;
  /** The device is enabled; the user's first factor comes with their recovery codes, to show once. */
  onVerified: (device: MfaDeviceVerified) => void;
  /** Cancel, Escape or a click beside the dialog: the caller decides what becomes of the device. */
  onCancel: () => void;
  /** While the caller undoes the setup (deleting a new device) the dialog stays, inactive. */
  cancelling?: boolean;
}

const QR_SIZE = 184;

/**
 * Connects an authenticator app: the QR code is drawn here from the otpauth link (the secret never
 * leaves the browser for an image service), the secret is also given as text, and a 6-digit code from
 * the app confirms the device (SPEC.md §4 MFA create, §5 MFA code dialog).
 */
export function MfaQrDialog({ device, onVerified, onCancel, cancelling = false }: MfaQrDialogProps) {
  const copy = useCopyToClipboard();
  const verify = useVerifyMfaDevice();
  const { form, onSubmit, busy } = useApiForm({
    schema: mfaVerifySchema,
    defaultValues: { code: '' },
    send: ({ code }) => verify.mutateAsync({ id: device.id, code }),
    onSent: onVerified,
  });
  const secret = otpSecret(device.otpPathUrl);

  return (
    <FormDialog
      title="Connect your authenticator app"
      description={
        <>
          Scan the QR code with an authenticator app (such as Google Authenticator or Microsoft
          Authenticator), then enter the 6-digit code it shows for "{device.name}".
        </>
      }
      busy={busy || cancelling}
      onSubmit={onSubmit}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel} disabled={busy || cancelling} loading={cancelling}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={cancelling}>
            Verify
          </Button>
        </>
      }
    >
      <Stack sx={{ gap: 2 }}>
        <Box sx={{ alignSelf: 'center', p: 1.5, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }}>
          {/* Dark on white whatever the theme: scanners need the contrast. */}
          <QRCodeSVG
            value={device.otpPathUrl}
            size={QR_SIZE}
            role="img"
            aria-label={`QR code to add "${device.name}" to an authenticator app`}
          />
        </Box>
        {secret && (
          <Box>
            <Typography variant="body2" color="text.secondary">
              Cannot scan it? Enter this secret key in the app instead:
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
              <Typography
                component="code"
                sx={{ fontFamily: 'monospace', fontSize: '0.95rem', overflowWrap: 'anywhere' }}
              >
                {groupSecret(secret)}
              </Typography>
              <LazyTooltip title="Copy">
                <IconButton size="small" aria-label="Copy secret key" onClick={() => void copy(secret)}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </LazyTooltip>
            </Stack>
          </Box>
        )}
        <Controller
          name="code"
          control={form.control}
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              label="Verification code"
              required
              fullWidth
              autoFocus
              disabled={cancelling}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
