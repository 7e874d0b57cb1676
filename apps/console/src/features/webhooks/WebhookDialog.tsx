import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type CreatedWebhook,
  WEBHOOK_TEXTS,
  type Webhook,
  type WebhookEditForm,
  webhookEditFormSchema,
  webhookFormSchema,
} from '@skyvault/contract';
import { Controller } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { DescriptionField } from '../../components/TextFields';
import { useSaveDialog } from '../../components/useSaveDialog';
import { WebhookEventsField } from './WebhookEventsField';
import { useCreateWebhook, useUpdateWebhook } from './webhooks.queries';

const T = WEBHOOK_TEXTS;

/**
 * Add endpoint (no `webhook`) or Edit: the URL, a description and the events to send. A new endpoint's
 * answer holds its signing secret, which goes to `onCreated` to be shown once. Editing, the URL starts
 * empty: the saved one is only known masked, so it is kept unless the whole new one is typed.
 */
export function WebhookDialog({
  webhook,
  onCreated,
  onClose,
}: {
  webhook?: Webhook;
  onCreated?: (created: CreatedWebhook) => void;
  onClose: () => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const { form, dialog } = useSaveDialog({
    // Creating, the URL is required; editing, empty means unchanged.
    schema: (webhook ? webhookEditFormSchema : webhookFormSchema) as typeof webhookEditFormSchema,
    defaultValues: {
      url: '',
      description: webhook?.description ?? '',
      events: webhook?.events ?? [],
    } as WebhookEditForm,
    send: ({ url, ...rest }) =>
      webhook
        ? update.mutateAsync({ id: webhook.id, body: url ? { url, ...rest } : rest })
        : create.mutateAsync({ url, ...rest }),
    toast: webhook ? T.updatedToast : T.createdToast,
    onSaved: (answer) => {
      if (!webhook && 'secret' in answer) onCreated?.(answer as CreatedWebhook);
    },
    onClose,
  });

  return (
    <FormDialog
      {...dialog}
      title={webhook ? T.editTitle : T.createTitle}
      submitLabel={webhook ? 'Save' : 'Create'}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField
          {...formField(form, 'url', webhook ? T.urlKeep(webhook.url) : 'https://')}
          label={T.url}
          type="url"
          required={!webhook}
          fullWidth
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
        />
        <DescriptionField {...formField(form, 'description')} label={T.description} />
        <Controller
          control={form.control}
          name="events"
          render={({ field, fieldState }) => (
            <WebhookEventsField
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? fieldState.error?.root?.message}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
