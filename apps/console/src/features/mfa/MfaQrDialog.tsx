import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type MfaDevice, mfaVerifySchema } from '@skyvault/contract';
import { QRCodeSVG } from 'qrcode.react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useCopyToClipboard } from '../../components/useCopyToClipboard';
import { useFormErrorReport } from '../../core/errors/formErrors';
import type { CreatedMfaDevice } from './MfaNameDialog';
import { useVerifyMfaDevice } from './mfa.queries';
import { groupSecret, otpSecret } from './otpauth';

export interface MfaQrDialogProps {
  /** A new device, or one whose secret was just reset: its otpauth link is shown this once only. */
  device: CreatedMfaDevice;
  onVerified: (device: MfaDevice) => void;
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
  const titleId = useId();
  const descriptionId = useId();
  const copy = useCopyToClipboard();
  const verify = useVerifyMfaDevice();
  const reportError = useFormErrorReport();
  const form = useForm({
    resolver: zodResolver(mfaVerifySchema),
    defaultValues: { code: '' },
  });
  const { control, handleSubmit } = form;
  const secret = otpSecret(device.otpPathUrl);
  const busy = verify.isPending || cancelling;

  const submit = handleSubmit(({ code }) =>
    verify.mutate(
      { id: device.id, code },
      { onSuccess: onVerified, onError: (error) => reportError(form, error) },
    ),
  );

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="xs"
      fullWidth
    >
      {/* The whole dialog is the form, so Enter in the field submits it. */}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId}>Connect your authenticator app</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2 }}>
            <DialogContentText id={descriptionId}>
              Scan the QR code with an authenticator app (such as Google Authenticator or Microsoft
              Authenticator), then enter the 6-digit code it shows for "{device.name}".
            </DialogContentText>
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
              control={control}
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy} loading={cancelling}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={verify.isPending} disabled={cancelling}>
            Verify
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
