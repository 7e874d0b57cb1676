import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEXTS, type Webhook, webhookEndpoints } from '@skyvault/contract';
import { useState } from 'react';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { DeleteButton } from '../../components/screens/DeleteButton';
import { DetailsScreen } from '../../components/screens/DetailsScreen';
import { ItemPage } from '../../components/screens/missingItem';
import { toWebhooks } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookDialog } from './WebhookDialog';
import { WebhookSecretRotation } from './WebhookSecretRotation';
import { WebhookStatus } from './WebhookStatus';
import { useWebhookTestEvent } from './WebhookTestEvent';
import { useDeleteWebhook, useUpdateWebhook, useWebhook } from './webhooks.queries';

const T = WEBHOOK_TEXTS;

const FIELDS: DetailsField<Webhook>[] = [
  { label: T.url, value: (webhook) => <span style={{ wordBreak: 'break-all' }}>{webhook.url}</span> },
  { label: T.description, value: (webhook) => webhook.description || '—' },
  {
    label: T.events,
    value: (webhook) => (
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        {webhook.events.map((event) => (
          <Chip key={event} size="small" variant="outlined" label={WEBHOOK_EVENT_LABELS[event]} />
        ))}
      </Stack>
    ),
  },
  {
    label: T.secret,
    value: (webhook) =>
      webhook.previousSecretExpiresAt
        ? T.previousSecretUntil(formatDate(webhook.previousSecretExpiresAt))
        : T.secretHidden,
  },
  { label: T.columns.status, value: (webhook) => <WebhookStatus webhook={webhook} /> },
  { label: 'Updated At', value: (webhook) => formatDate(webhook.updatedAt) },
  { label: 'Created At', value: (webhook) => formatDate(webhook.createdAt) },
];

/** One webhook endpoint: its settings and its delivery log; a missing id goes to the list. */
export function WebhookPage() {
  return (
    <ItemPage param="webhookId" list={toWebhooks()}>
      {(id) => <WebhookDetails id={id} />}
    </ItemPage>
  );
}

/** The endpoint with Enable or Disable, Rotate secret, Delete and Edit (a dialog), then its deliveries. */
export function WebhookDetails({ id }: { id: string }) {
  const can = useCan();
  const query = useWebhook(id);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState(false);
  const testEvent = useWebhookTestEvent(id);
  const webhook = query.data;
  const toggle = (loaded: Webhook) =>
    update.mutate(
      { id, body: { enabled: !loaded.enabled } },
      { onSuccess: () => notify(loaded.enabled ? T.disabledToast : T.enabledToast, 'success') },
    );

  return (
    <DetailsScreen
      query={query}
      leaveWhen="failed"
      list={toWebhooks()}
      noun={T.noun}
      name={(loaded) => loaded.url}
      backLabel={T.backToList}
      history={{ resourceType: 'webhook', resourceId: id }}
      actions={(loaded) => (
        <>
          {can(webhookEndpoints.update) && (
            <Button variant="outlined" disabled={update.isPending} onClick={() => toggle(loaded)}>
              {loaded.enabled ? T.disable : T.enable}
            </Button>
          )}
          {can(webhookEndpoints.sendTest) && testEvent.button}
          {can(webhookEndpoints.rotateSecret) && <WebhookSecretRotation id={id} />}
          <DeleteButton
            endpoint={webhookEndpoints.remove}
            id={id}
            remove={remove}
            confirmation={T.deleteTitle}
            message={T.deleteConfirm(loaded.url)}
            deleted={T.deletedToast}
            list={toWebhooks()}
          />
        </>
      )}
      edit={() => setEditing(true)}
      editEndpoint={webhookEndpoints.update}
    >
      <DetailsCard title={T.settings} item={webhook} fields={FIELDS} />
      {testEvent.outcome}
      <WebhookDeliveries id={id} />
      {editing && webhook && <WebhookDialog webhook={webhook} onClose={() => setEditing(false)} />}
    </DetailsScreen>
  );
}
