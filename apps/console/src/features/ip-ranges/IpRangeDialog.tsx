import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type IpRange, type IpRangeForm, ipRangeFormSchema, TOASTS } from '@skyvault/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { ApiError } from '../../core/api/client';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { notify } from '../../core/toasts/notify';
import { useCreateIpRange, useUpdateIpRange } from './ip-ranges.queries';

type IpRangeFormOutput = z.output<typeof ipRangeFormSchema>;

const resolver = zodResolver(ipRangeFormSchema);
const ADDRESS_HINT = 'IPv4 (192.0.2.10) or IPv6 (2001:db8::10)';

/**
 * Create (no `range`) or Edit a permitted range. A change the API refuses because it would shut out the
 * administrator's own address is explained above the fields: no single field is wrong.
 */
export function IpRangeDialog({ range, onClose }: { range?: IpRange; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateIpRange();
  const update = useUpdateIpRange();
  const pending = create.isPending || update.isPending;
  const reportError = useFormErrorReport();
  const form = useForm<IpRangeForm, unknown, IpRangeFormOutput>({
    resolver,
    defaultValues: {
      name: range?.name ?? '',
      startIPAddress: range?.startIPAddress ?? '',
      endIPAddress: range?.endIPAddress ?? '',
    },
  });
  const close = () => setOpen(false);

  const handlers = (toast: string) => ({
    onSuccess: () => {
      notify(toast, 'success');
      close();
    },
    onError: (error: unknown) => {
      if (error instanceof ApiError && error.code === 'IP_RANGE_LOCKOUT') setProblem(error.message);
      else reportError(form, error);
    },
  });

  const submit = form.handleSubmit((body) => {
    setProblem(null);
    if (range) update.mutate({ id: range.id, body }, handlers(TOASTS.ipRangeUpdated));
    else create.mutate(body, handlers(TOASTS.ipRangeCreated));
  });

  return (
    <FormDialog
      title={range ? 'Edit IP range' : 'Create IP range'}
      open={open}
      busy={pending}
      onSubmit={submit}
      onClose={close}
      onExited={onClose}
      submitLabel={range ? 'Save' : 'Create'}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <TextField
          {...formField(form, 'name', '4 to 64 latin letters, digits, spaces, "-" or "_"')}
          label="Name"
          required
          fullWidth
          autoFocus
          autoComplete="off"
        />
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
