import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { USER_MFA_TEXTS } from '@skyvault/contract';
import { useId } from 'react';
import { useSessionUser } from '../../core/session/SessionContext';
import { useUserMfa } from './userMfa.queries';

/**
 * The option of Reset password and End all sessions to remove the user's passkeys too (the contract's
 * `removePasskeys`). Offered only when the user has some, and never for oneself: one's own passkeys go
 * through the MFA Devices page and its step-up.
 */
export function RemovePasskeysOption({
  userId,
  checked,
  onChange,
  disabled,
}: {
  userId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const own = useSessionUser().id === userId;
  const count = useUserMfa(userId).data?.passkeys ?? 0;
  const helpId = useId();
  if (own || count === 0) return null;
  return (
    <>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={USER_MFA_TEXTS.removePasskeys(count)}
      />
      <FormHelperText id={helpId}>{USER_MFA_TEXTS.removePasskeysHelp}</FormHelperText>
    </>
  );
}
