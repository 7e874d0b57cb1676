import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { ORGANIZATION_TYPE_LABELS, ORGANIZATION_TYPES } from '@skyvault/contract';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { controlledField, formField } from '../../components/formField';
import { NameField } from '../../components/TextFields';
import { useSaveDialog } from '../../components/useSaveDialog';
import { useSessionUser } from '../../core/session/SessionContext';
import { connectionResolver, EMPTY_CONNECTION_FORM } from './connectionForm';
import { useCreateConnection } from './connections.queries';
import { EncryptionKeyField } from './EncryptionKeyField';
import { SalesforceUnavailableNotice, useSalesforceAvailable } from './SalesforceUnavailableNotice';
import { StoragePicker } from './StoragePicker';
import { goToSalesforceLogin } from './salesforceLogin';
import { useLoginWarnings } from './useLoginWarnings';

/** The answer of a save the user called off at the approval limit warning: the form stays as it was. */
const CALLED_OFF = new Error('The Salesforce login was called off');

/** Shown under the name until there is an error: the connection name rules of SPEC.md §5, in short. */
const NAME_HINT = '3 to 64 Latin letters, digits, "-" or "_"';

/**
 * Create connection: name and connection type, and for Backup tenants the storage and encryption key.
 * Saving creates the connection and takes the browser to the Salesforce login, which brings it back
 * to the list; the dialog stays busy until the browser has left.
 */
export function CreateConnectionDialog({ onClose }: { onClose: () => void }) {
  const hasBackup = useSessionUser().services.includes('backup');
  const typeLabelId = useId();
  const [leaving, setLeaving] = useState(false);
  const create = useCreateConnection();
  const warnings = useLoginWarnings();
  // Known to fail: said at the top, and Save stays off (the server would refuse it the same way).
  const salesforceAvailable = useSalesforceAvailable();
  const { form, dialog } = useSaveDialog({
    resolver: connectionResolver(hasBackup),
    defaultValues: EMPTY_CONNECTION_FORM,
    // Asked before the connection is created, so that calling it off leaves nothing behind.
    send: async (body) => {
      if (!(await warnings.approvalCapAllows())) throw CALLED_OFF;
      return create.mutateAsync(body);
    },
    onError: (error) => error === CALLED_OFF,
    onSaved: ({ loginURI }) => {
      setLeaving(true);
      goToSalesforceLogin(loginURI);
    },
    keepsOpen: true,
    onClose,
  });

  return (
    <>
      <FormDialog
        {...dialog}
        busy={dialog.busy || leaving}
        title="Create connection"
        submitLabel="Save"
        submitDisabled={salesforceAvailable === false}
      >
        <SalesforceUnavailableNotice />
        <Stack sx={{ gap: 2, pt: 1 }}>
          <NameField {...formField(form, 'name', NAME_HINT)} />
          <Controller
            name="organizationType"
            control={form.control}
            render={({ field: { ref, ...field }, fieldState }) => (
              <FormControl error={Boolean(fieldState.error)} required>
                <FormLabel id={typeLabelId}>Connection type</FormLabel>
                <RadioGroup {...field} row aria-labelledby={typeLabelId}>
                  {ORGANIZATION_TYPES.map((type, index) => (
                    <FormControlLabel
                      key={type}
                      value={type}
                      label={ORGANIZATION_TYPE_LABELS[type]}
                      control={<Radio inputRef={index === 0 ? ref : undefined} />}
                    />
                  ))}
                </RadioGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          {hasBackup && (
            <>
              <Controller
                name="storageId"
                control={form.control}
                render={(control) => <StoragePicker {...controlledField(control)} />}
              />
              <Controller
                name="encryptionKey"
                control={form.control}
                render={(control) => <EncryptionKeyField {...controlledField(control)} />}
              />
            </>
          )}
          <Alert severity="info">
            Saving takes you to the Salesforce login. Log in to the org and allow access; you then come back
            to this list.
          </Alert>
        </Stack>
      </FormDialog>
      {warnings.dialog}
    </>
  );
}
