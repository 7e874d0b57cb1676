import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { ACTION_LABELS, type LoginTenant, WARNINGS } from '@skyvault/contract';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../../core/toasts/notify';
import { ChosenAccount } from './ChosenAccount';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';

/** E-mail flow, third step: which of the address's tenants to log in to. */
export function SelectTenantStep({
  email,
  tenants,
  selected,
  onSelect,
  onUseDifferentEmail,
}: {
  email: string;
  tenants: LoginTenant[];
  /** The tenant chosen before, when the visitor came back with 'Select a different tenant'. */
  selected: string;
  onSelect: (tenantName: string) => void;
  onUseDifferentEmail: () => void;
}) {
  const labelId = useId();
  // With a single tenant there is nothing to choose; it is ticked already.
  const [tenantName, setTenantName] = useState(
    tenants.some((tenant) => tenant.name === selected)
      ? selected
      : tenants.length === 1
        ? tenants[0]!.name
        : '',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tenantName) onSelect(tenantName);
    else notify(WARNINGS.selectTenant, 'warning', { preventDuplicate: true });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <ChosenAccount email={email} />
      <FormControl component="fieldset">
        <FormLabel component="legend" id={labelId}>
          Select a tenant
        </FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          name="tenantName"
          value={tenantName}
          onChange={(event) => setTenantName(event.target.value)}
          sx={{ maxHeight: 280, overflowY: 'auto', flexWrap: 'nowrap' }}
        >
          {tenants.map((tenant) => (
            <FormControlLabel key={tenant.id} value={tenant.name} control={<Radio />} label={tenant.name} />
          ))}
        </RadioGroup>
      </FormControl>
      <Button type="submit" variant="contained" size="large">
        Continue
      </Button>
      <StepLinks>
        <StepLink onClick={onUseDifferentEmail}>{ACTION_LABELS.differentEmail}</StepLink>
      </StepLinks>
    </Stack>
  );
}
