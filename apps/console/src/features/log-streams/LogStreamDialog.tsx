import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type CreatedLogStream,
  LOG_STREAM_TEXTS,
  LOG_STREAM_TYPE_LABELS,
  LOG_STREAM_TYPES,
  type LogStream,
  type LogStreamEditForm,
  logStreamEditFormSchema,
  logStreamFormSchema,
  storageEndpoints,
} from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { useSaveDialog } from '../../components/useSaveDialog';
import { callApi } from '../../core/api/client';
import { LogStreamActionsField } from './LogStreamActionsField';
import { useCreateLogStream, useUpdateLogStream } from './log-streams.queries';

const T = LOG_STREAM_TEXTS;

/** The tenant's own S3 and Azure storages, which a storage stream may write to. */
function useCloudStorages(enabled: boolean) {
  return useQuery({
    queryKey: ['storages', 'list', { limit: 100, offset: 0 }],
    queryFn: ({ signal }) => callApi(storageEndpoints.list, { query: { limit: 100, offset: 0 }, signal }),
    enabled,
    select: (list) => list.rows.filter((storage) => !storage.isSharedStorage && storage.type !== 'Local'),
  });
}

const defaultsOf = (stream?: LogStream): LogStreamEditForm =>
  ({
    name: stream?.name ?? '',
    actions: stream?.actions ?? [],
    settings: {
      type: stream?.type ?? 'https',
      url: stream?.settings.url ?? '',
      token: '',
      apiKey: '',
      service: stream?.settings.service ?? '',
      source: stream?.settings.source ?? '',
      storageId: stream?.settings.storageId ?? '',
      prefix: stream?.settings.prefix ?? '',
    },
  }) as LogStreamEditForm;

/**
 * Add log stream (no `stream`) or Edit: a name, the type (chosen when it is added) and that type's
 * settings. A Splunk token or Datadog key left empty while editing keeps the stored one. A new HTTPS
 * stream's answer holds its signing secret, which goes to `onCreated` to be shown once.
 */
export function LogStreamDialog({
  stream,
  onCreated,
  onClose,
}: {
  stream?: LogStream;
  onCreated?: (created: CreatedLogStream) => void;
  onClose: () => void;
}) {
  const create = useCreateLogStream();
  const update = useUpdateLogStream();
  const { form, dialog } = useSaveDialog({
    schema: (stream ? logStreamEditFormSchema : logStreamFormSchema) as typeof logStreamEditFormSchema,
    defaultValues: defaultsOf(stream),
    send: (values) =>
      stream
        ? update.mutateAsync({ id: stream.id, body: values })
        : create.mutateAsync(values as Parameters<typeof create.mutateAsync>[0]),
    toast: stream ? T.updatedToast : T.createdToast,
    onSaved: (answer) => {
      if (!stream && 'secret' in answer) onCreated?.(answer as CreatedLogStream);
    },
    onClose,
  });
  const type = useWatch({ control: form.control, name: 'settings.type' });
  const storages = useCloudStorages(type === 'storage');
  const field = (name: string, hint?: string) => formField(form, name as 'name', hint);
  const keep = stream && stream.type === type ? T.keepSecret : undefined;

  return (
    <FormDialog
      {...dialog}
      title={stream ? T.editTitle : T.addTitle}
      submitLabel={stream ? 'Save' : 'Create'}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <TextField {...field('name')} label={T.name} required fullWidth autoFocus autoComplete="off" />
        <Controller
          control={form.control}
          name="settings.type"
          render={({ field: typeField }) => (
            <TextField
              select
              label={T.type}
              value={typeField.value}
              onChange={typeField.onChange}
              onBlur={typeField.onBlur}
              disabled={!!stream}
              fullWidth
            >
              {LOG_STREAM_TYPES.map((value) => (
                <MenuItem key={value} value={value}>
                  {LOG_STREAM_TYPE_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {type !== 'storage' && (
          <TextField
            {...field('settings.url', type === 'https' ? 'https://' : undefined)}
            label={type === 'splunk' ? T.splunkUrl : type === 'datadog' ? T.datadogUrl : T.url}
            type="url"
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false, inputMode: 'url' } }}
          />
        )}
        {type === 'splunk' && (
          <TextField
            {...field('settings.token', keep)}
            label={T.token}
            type="password"
            required={!keep}
            fullWidth
            autoComplete="off"
          />
        )}
        {type === 'datadog' && (
          <>
            <TextField
              {...field('settings.apiKey', keep)}
              label={T.apiKey}
              type="password"
              required={!keep}
              fullWidth
              autoComplete="off"
            />
            <TextField {...field('settings.service')} label={T.service} fullWidth autoComplete="off" />
            <TextField {...field('settings.source')} label={T.source} fullWidth autoComplete="off" />
          </>
        )}
        {type === 'storage' && (
          <>
            <Controller
              control={form.control}
              name={'settings.storageId' as 'name'}
              render={({ field: storageField, fieldState }) => (
                <TextField
                  select
                  label={T.storage}
                  required
                  value={storageField.value ?? ''}
                  onChange={storageField.onChange}
                  onBlur={storageField.onBlur}
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message}
                  fullWidth
                >
                  {(storages.data ?? []).map((storage) => (
                    <MenuItem key={storage.id} value={storage.id}>
                      {storage.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField {...field('settings.prefix')} label={T.prefix} fullWidth autoComplete="off" />
          </>
        )}
        <LogStreamActionsField control={form.control} />
      </Stack>
    </FormDialog>
  );
}
