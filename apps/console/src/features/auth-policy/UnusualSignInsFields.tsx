import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_POLICY_TEXTS, type AuthPolicyForm } from '@skyvault/contract';
import { useId } from 'react';
import type { Control } from 'react-hook-form';
import { SwitchField } from '../../components/SwitchField';

/**
 * The policy's unusual sign-in choices (a new browser, or an address outside the usual networks):
 * e-mail the user, copy the Security administrators on an administrator's, and ask for the second factor.
 */
export function UnusualSignInsFields({ control }: { control: Control<AuthPolicyForm, unknown, unknown> }) {
  const headingId = useId();
  const T = AUTH_POLICY_TEXTS;
  return (
    <Stack component="fieldset" aria-labelledby={headingId} sx={{ gap: 1.5, border: 0, p: 0, m: 0 }}>
      <Typography id={headingId} component="legend" variant="subtitle1" sx={{ p: 0 }}>
        {T.unusualSignIns}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {T.unusualSignInsHelp}
      </Typography>
      <SwitchField
        control={control}
        name="notifyUnusualSignIns"
        label={T.notifyUnusualSignIns}
        hint={T.notifyUnusualSignInsHelp}
      />
      <SwitchField
        control={control}
        name="notifySecurityAdmins"
        label={T.notifySecurityAdmins}
        hint={T.notifySecurityAdminsHelp}
      />
      <SwitchField
        control={control}
        name="unusualSignInSecondFactor"
        label={T.unusualSignInSecondFactor}
        hint={T.unusualSignInSecondFactorHelp}
      />
    </Stack>
  );
}
