import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  AUTH_POLICY_TEXTS,
  type AuthPolicyForm,
  MFA_POLICIES,
  MFA_POLICY_LABELS,
  type MfaPolicy,
} from '@skyvault/contract';
import { useId } from 'react';
import { type Control, Controller } from 'react-hook-form';

/** Who must have a second factor: nobody, administrators, or everyone; its help is read with the choice. */
export function MfaPolicyField<Output>({ control }: { control: Control<AuthPolicyForm, unknown, Output> }) {
  const labelId = useId();
  const helpId = useId();
  return (
    <Controller
      control={control}
      name="mfaPolicy"
      render={({ field }) => (
        <FormControl disabled={field.disabled}>
          <FormLabel id={labelId}>{AUTH_POLICY_TEXTS.mfaPolicy}</FormLabel>
          <RadioGroup
            name={field.name}
            aria-labelledby={labelId}
            aria-describedby={helpId}
            value={field.value ?? 'off'}
            onChange={(event) => field.onChange(event.target.value as MfaPolicy)}
            onBlur={field.onBlur}
          >
            {MFA_POLICIES.map((policy) => (
              <FormControlLabel
                key={policy}
                value={policy}
                control={<Radio />}
                label={MFA_POLICY_LABELS[policy]}
              />
            ))}
          </RadioGroup>
          <FormHelperText id={helpId} sx={{ mx: 0 }}>
            {AUTH_POLICY_TEXTS.mfaPolicyHelp}
          </FormHelperText>
        </FormControl>
      )}
    />
  );
}
