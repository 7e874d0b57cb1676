import CableIcon from '@mui/icons-material/Cable';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  STORAGE_MESSAGES,
  type Storage,
  type StorageCreate,
  type StorageTestResult,
  storageTestSchema,
  TOASTS,
} from '@skyvault/contract';
import { useEffect, useRef, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { apiErrorOf } from '../../core/errors/apiErrors';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { ConfirmDialog } from '../ConfirmDialog';
import { FormDialog } from '../FormDialog';
import { formField } from '../formField';
import { NameField } from '../TextFields';
import { useSaveDialog } from '../useSaveDialog';
import { StorageCredentialFields } from './StorageCredentialFields';
import { StoragePropertiesList } from './StorageProperties';
import { StorageTypeSelect } from './StorageTypeSelect';
import {
  keepsStoredSecrets,
  type StorageFormValues,
  storageBody,
  storageFormValues,
  storageResolver,
} from './storageForm';
import { useCreateStorage, useStorageSettings, useTestStorage, useUpdateStorage } from './storageWrites';

/** Shown under the name until there is an error: the storage name rules of SPEC.md §5, in short. */
const NAME_HINT = '3 to 64 Latin letters, digits, "-" or "_"';
export const TEST_BUTTON_LABEL = 'Test connection';
export const SAVE_ANYWAY_LABEL = 'Save anyway';

/** A server answer's field paths that are the form's own ('credentials.bucketName'). */
const isFormField = (path: string): path is FieldPath<StorageFormValues> =>
  path === 'name' || path === 'type' || path.startsWith('credentials.');

/**
 * The create or edit modal (SPEC.md §2 Storages): name, type and the chosen kind's credentials, checked
 * with the contract's schemas. "Test connection" tries the credentials against the cloud without saving
 * (an edit's empty secrets are the stored ones): success lists what the bucket or container reports,
 * a failure is shown at its field (or above the buttons when it belongs to none). Saving tests too; a
 * storage that fails may still be saved after confirming, and is then unhealthy. Create toasts the
 * server's own message (SPEC.md §8) and hands the new storage's id to `onCreated` (the connection
 * dialog selects it).
 */
export function StorageDialog({
  storage,
  onCreated,
  onClose,
}: {
  storage?: Storage;
  onCreated?: (storageId: string) => void;
  onClose: () => void;
}) {
  const create = useCreateStorage();
  const update = useUpdateStorage();
  const test = useTestStorage();
  const settings = useStorageSettings();
  const reportError = useFormErrorReport();
  const [outcome, setOutcome] = useState<StorageTestResult | null>(null);
  /** The save's refusal (the storage failed its test) while its confirmation is asked or shown. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const acceptFailedTest = useRef(false);

  const { form, dialog, submit } = useSaveDialog({
    resolver: storageResolver(storage),
    defaultValues: storageFormValues(storage),
    send: async (values) => {
      const body = {
        ...storageBody(values),
        ...(acceptFailedTest.current ? { acceptFailedTest: true } : {}),
      };
      acceptFailedTest.current = false;
      if (storage) {
        await update.mutateAsync({ id: storage.id, body });
        return { message: TOASTS.storageUpdated, id: storage.id };
      }
      // The resolver checked a new storage with the create schema, so its secrets are there.
      return create.mutateAsync(body as StorageCreate);
    },
    onError: (error, failed) => {
      const refused = apiErrorOf(error);
      if (refused?.code !== 'STORAGE_TEST_FAILED') return false;
      Object.entries(refused.fields ?? {})
        .filter(([path]) => isFormField(path))
        .forEach(([path, message], index) => {
          failed.setError(
            path as FieldPath<StorageFormValues>,
            { type: 'server', message },
            {
              shouldFocus: index === 0,
            },
          );
        });
      setOutcome(null);
      setRefusal(refused.message);
      setConfirming(true);
      return true;
    },
    toast: ({ message }) => message,
    onSaved: ({ id }) => {
      if (!storage) onCreated?.(id);
    },
    onClose,
  });
  const type = form.watch('type');
  const credentials = form.watch('credentials');

  // What was found no longer holds once the kind or the credentials change.
  useEffect(() => {
    const watching = form.watch((_, { name }) => {
      if (name === 'type' || name?.startsWith('credentials')) {
        setOutcome(null);
        setRefusal(null);
      }
    });
    return () => watching.unsubscribe();
  }, [form]);

  const runTest = async () => {
    setOutcome(null);
    setRefusal(null);
    if (!(await form.trigger(['type', 'credentials']))) return;
    const values = form.getValues();
    const parsed = storageTestSchema.safeParse({
      ...(storage ? { storageId: storage.id } : {}),
      type: values.type,
      credentials: values.credentials,
    });
    if (!parsed.success) return;
    test.mutate(storageBody(parsed.data), {
      onSuccess: (result) => {
        setOutcome(result);
        const field = result.problem?.field;
        if (result.problem && field && isFormField(field)) {
          form.setError(field, { type: 'test', message: result.problem.message }, { shouldFocus: true });
        }
      },
      onError: (error) => reportError(form, error),
    });
  };

  const saveAnyway = () => {
    setConfirming(false);
    acceptFailedTest.current = true;
    void submit();
  };

  const testable = type === 'AwsS3' || type === 'AzureBlob';
  const problemOfForm = outcome && !outcome.ok && outcome.problem && !outcome.problem.field;
  const storedEndpoint = storage?.credentials && 'endpoint' in storage.credentials;

  return (
    <FormDialog
      {...dialog}
      title={storage ? 'Edit storage' : 'Create storage'}
      submitLabel={storage ? 'Save' : 'Create'}
      extraAction={
        testable && (
          <Button
            variant="outlined"
            startIcon={<CableIcon />}
            loading={test.isPending}
            loadingPosition="start"
            disabled={dialog.busy}
            onClick={() => void runTest()}
          >
            {TEST_BUTTON_LABEL}
          </Button>
        )
      }
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <NameField {...formField(form, 'name', NAME_HINT)} />
        <StorageTypeSelect control={form.control} />
        <StorageCredentialFields
          form={form}
          type={type}
          keepsSecret={() => keepsStoredSecrets(storage, { type, credentials })}
          customEndpoints={Boolean(settings.data?.customEndpoints || storedEndpoint)}
        />
        {outcome?.ok && (
          <Alert severity="success">
            {STORAGE_MESSAGES.tested}
            <StoragePropertiesList properties={outcome.properties} />
          </Alert>
        )}
        {problemOfForm && <Alert severity="error">{outcome.problem?.message}</Alert>}
        {refusal && <Alert severity="error">{refusal}</Alert>}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={STORAGE_MESSAGES.saveAnywayTitle}
        message={STORAGE_MESSAGES.saveAnyway}
        confirmLabel={SAVE_ANYWAY_LABEL}
        onConfirm={saveAnyway}
        onClose={() => setConfirming(false)}
      />
    </FormDialog>
  );
}
