import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type CreatedWebhook,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEXTS,
  type Webhook,
  webhookEndpoints,
} from '@skyvault/contract';
import { useState } from 'react';
import type { DataTableColumn } from '../../components/DataTable';
import { RouterLink } from '../../components/RouterLink';
import { ShownOnceSecretDialog } from '../../components/ShownOnceSecretDialog';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { toWebhook } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { useWebhookActions } from './useWebhookActions';
import { WebhookDialog } from './WebhookDialog';
import { WebhookStatus } from './WebhookStatus';
import { useWebhooks } from './webhooks.queries';

const T = WEBHOOK_TEXTS;
/** Up to this many events show as chips; more are counted. */
const CHIPS = 2;

interface RowActions {
  edit: (webhook: Webhook) => void;
  toggle: (webhook: Webhook) => void;
  askDelete: (webhook: Webhook) => void;
  busy: boolean;
  /** Which of the row's calls the user's roles open: a button whose call is not open is left out. */
  canUpdate: boolean;
  canDelete: boolean;
}

function columns(actions: RowActions): DataTableColumn<Webhook>[] {
  const all: DataTableColumn<Webhook>[] = [
    {
      key: 'url',
      header: T.columns.url,
      render: (webhook) => (
        <Stack sx={{ minWidth: 0 }}>
          <RouterLink to={toWebhook(webhook.id)} sx={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </RouterLink>
          {webhook.description && (
            <Typography variant="caption" color="text.secondary">
              {webhook.description}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      key: 'events',
      header: T.columns.events,
      render: (webhook) =>
        webhook.events.length <= CHIPS ? (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
            {webhook.events.map((event) => (
              <Chip key={event} size="small" variant="outlined" label={WEBHOOK_EVENT_LABELS[event]} />
            ))}
          </Stack>
        ) : (
          <span title={webhook.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}>
            {T.eventCount(webhook.events.length)}
          </span>
        ),
    },
    { key: 'status', header: T.columns.status, render: (webhook) => <WebhookStatus webhook={webhook} /> },
    {
      key: 'actions',
      header: T.columns.actions,
      align: 'right',
      render: (webhook) => (
        <Stack direction="row" sx={{ gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {actions.canUpdate && (
            <>
              <Button
                size="small"
                onClick={() => actions.edit(webhook)}
                aria-label={`${T.edit} ${webhook.url}`}
              >
                {T.edit}
              </Button>
              <Button
                size="small"
                disabled={actions.busy}
                onClick={() => actions.toggle(webhook)}
                aria-label={`${webhook.enabled ? T.disable : T.enable} ${webhook.url}`}
              >
                {webhook.enabled ? T.disable : T.enable}
              </Button>
            </>
          )}
          {actions.canDelete && (
            <Button
              size="small"
              color="error"
              onClick={() => actions.askDelete(webhook)}
              aria-label={`${T.delete} ${webhook.url}`}
            >
              {T.delete}
            </Button>
          )}
        </Stack>
      ),
    },
  ];
  // An Auditor's list: no column of buttons they may not use.
  return actions.canUpdate || actions.canDelete ? all : all.filter((column) => column.key !== 'actions');
}

/**
 * Security → Webhooks: the tenant's endpoints on one page (at most 20), with Add endpoint, Edit, Enable
 * or Disable and Delete; a new endpoint's signing secret is shown once.
 */
export function WebhooksPage() {
  const webhooks = useWebhooks();
  const { toggle, toggling, askDelete, confirmation } = useWebhookActions();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const rows = webhooks.data?.webhooks ?? [];
  const can = useCan();
  const createButton = (
    <CreateButton endpoint={webhookEndpoints.create} label={T.create} onClick={() => setCreating(true)} />
  );

  return (
    <ListScreen
      title={T.screenTitle}
      actions={createButton}
      query={webhooks}
      items="webhook endpoints"
      rows={rows}
      total={rows.length}
      paginated={false}
      ariaLabel={T.screenTitle}
      columns={columns({
        edit: setEditing,
        toggle,
        askDelete,
        busy: toggling,
        canUpdate: can(webhookEndpoints.update),
        canDelete: can(webhookEndpoints.remove),
      })}
      getRowId={(webhook) => webhook.id}
      intro={
        <Typography variant="body2" color="text.secondary">
          {T.intro}
        </Typography>
      }
      empty={{ title: T.empty, description: T.emptyHelp, action: createButton }}
    >
      {creating && <WebhookDialog onCreated={setCreated} onClose={() => setCreating(false)} />}
      {editing && <WebhookDialog webhook={editing} onClose={() => setEditing(null)} />}
      {created && (
        <ShownOnceSecretDialog
          title={T.secretTitle}
          warning={T.secretShownOnce}
          label={T.secret}
          value={created.secret}
          onClose={() => setCreated(null)}
        />
      )}
      {confirmation}
    </ListScreen>
  );
}
