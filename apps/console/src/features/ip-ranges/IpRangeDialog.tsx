import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type IpRange, ipRangeFormSchema, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { NameField } from '../../components/TextFields';
import { useSaveDialog } from '../../components/useSaveDialog';
import { isApiError } from '../../core/errors/apiErrors';
import { useCreateIpRange, useUpdateIpRange } from './ip-ranges.queries';

const ADDRESS_HINT = 'IPv4 (192.0.2.10) or IPv6 (2001:db8::10)';

/**
 * Create (no `range`) or Edit a permitted range. A change the API refuses because it would shut out the
 * administrator's own address is explained above the fields: no single field is wrong.
 */
export function IpRangeDialog({ range, onClose }: { range?: IpRange; onClose: () => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateIpRange();
  const update = useUpdateIpRange();
  const { form, dialog } = useSaveDialog({
    schema: ipRangeFormSchema,
    defaultValues: {
      name: range?.name ?? '',
      startIPAddress: range?.startIPAddress ?? '',
      endIPAddress: range?.endIPAddress ?? '',
    },
    send: (body) => {
      setProblem(null);
      return range ? update.mutateAsync({ id: range.id, body }) : create.mutateAsync(body);
    },
    toast: range ? TOASTS.ipRangeUpdated : TOASTS.ipRangeCreated,
    onError: (error) => {
      if (!isApiError(error, { code: 'IP_RANGE_LOCKOUT' })) return false;
      setProblem(error.message);
      return true;
    },
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      title={range ? 'Edit IP range' : 'Create IP range'}
      submitLabel={range ? 'Save' : 'Create'}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <NameField {...formField(form, 'name', '4 to 64 latin letters, digits, spaces, "-" or "_"')} />
        <TextField
          {...formField(form, 'startIPAddress', ADDRESS_HINT)}
          label="Start IP address"
          required
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
        />
        <TextField
          {...formField(form, 'endIPAddress', 'The same as the start for a single address')}
          label="End IP address"
          required
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
        />
      </Stack>
    </FormDialog>
  );
}
