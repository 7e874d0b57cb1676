import { PASSKEY_TEXTS, type Passkey, passkeyFormSchema } from '@skyvault/contract';
import { FormDialog } from '../../../components/FormDialog';
import { useApiForm } from '../../../components/useApiForm';
import { notify } from '../../../core/toasts/notify';
import { MfaNameField } from '../MfaNameField';
import { useRenamePasskey } from './passkeys.queries';

/** A passkey's new name, checked with the MFA name rules; a name taken already shows next to the field. */
export function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const rename = useRenamePasskey();
  const { form, onSubmit, busy } = useApiForm({
    schema: passkeyFormSchema,
    defaultValues: { name: passkey.name },
    send: ({ name }) => rename.mutateAsync({ id: passkey.id, name }),
    onSent: () => {
      notify(PASSKEY_TEXTS.renamed, 'success');
      onClose();
    },
  });
  return (
    <FormDialog title={PASSKEY_TEXTS.rename} busy={busy} onSubmit={onSubmit} onClose={onClose}>
      <MfaNameField form={form} />
    </FormDialog>
  );
}
