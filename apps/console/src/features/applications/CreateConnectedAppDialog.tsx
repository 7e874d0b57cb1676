import { applicationCreateSchema, SCREEN_TITLES, TOASTS } from '@skyvault/contract';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { NameField } from '../../components/TextFields';
import { useSaveDialog } from '../../components/useSaveDialog';
import { APPLICATION_NAME_HINT } from './applicationForm';
import { useCreateApplication } from './applications.queries';

/**
 * The list's create modal (SPEC.md §2 Connected Apps): the name only; the app starts with a new client id
 * and secret, and its OAuth settings are edited afterwards. The list reloads through the query cache.
 */
export function CreateConnectedAppDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApplication();
  const { form, dialog } = useSaveDialog({
    schema: applicationCreateSchema,
    defaultValues: { name: '' },
    send: (body) => create.mutateAsync(body),
    toast: TOASTS.applicationCreated,
    onClose,
  });

  return (
    <FormDialog {...dialog} title={SCREEN_TITLES.createConnectedApp} cancelLabel="Close" submitLabel="Create">
      <NameField {...formField(form, 'name', APPLICATION_NAME_HINT)} sx={{ mt: 1 }} />
    </FormDialog>
  );
}
