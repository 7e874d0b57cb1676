import TextField from '@mui/material/TextField';
import { DOMAIN_MESSAGES, type Domain, domainCreateSchema } from '@skyvault/contract';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { useSaveDialog } from '../../components/useSaveDialog';
import { useAddDomain } from './domains.queries';

/** Add domain: one field; the new domain's record to publish is shown next (`onAdded`). */
export function AddDomainDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (domain: Domain) => void;
}) {
  const add = useAddDomain();
  const { form, dialog } = useSaveDialog({
    schema: domainCreateSchema,
    defaultValues: { domain: '' },
    send: (body) => add.mutateAsync(body),
    toast: DOMAIN_MESSAGES.created,
    onSaved: onAdded,
    onClose,
  });
  return (
    <FormDialog
      {...dialog}
      title="Add domain"
      description="The domain of your organization's e-mail addresses, such as example.com."
      submitLabel="Add"
    >
      <TextField
        {...formField(
          form,
          'domain',
          'Without https:// or an @; a subdomain such as eu.example.com works too',
        )}
        label="Domain"
        required
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url', autoCapitalize: 'none' } }}
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
