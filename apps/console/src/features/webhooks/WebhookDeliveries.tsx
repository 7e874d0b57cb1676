import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type ChipColor,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_STATUS_LABELS,
  WEBHOOK_TEST_EVENT_TYPE,
  WEBHOOK_TEXTS,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEventType,
  webhookEndpoints,
} from '@skyvault/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { RetryButton } from '../../components/RetryButton';
import { StatusChip } from '../../components/StatusChip';
import { TitledSection } from '../../components/TitledSection';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { WebhookAttemptsDialog } from './WebhookAttemptsDialog';
import { useResendDelivery, useWebhookDeliveries } from './webhooks.queries';

const T = WEBHOOK_TEXTS;
const PAGE_SIZE = 20;

const STATUS_COLORS: Record<WebhookDeliveryStatus, ChipColor> = {
  pending: 'default',
  sending: 'info',
  delivered: 'success',
  failed: 'error',
};

/** Only a finished delivery may be sent again; a pending one is still being tried. */
const resendable = (delivery: WebhookDelivery) =>
  delivery.status === 'delivered' || delivery.status === 'failed';

const eventLabel = (type: string) =>
  type === WEBHOOK_TEST_EVENT_TYPE ? T.testEvent : (WEBHOOK_EVENT_LABELS[type as WebhookEventType] ?? type);

interface RowActions {
  resend: (delivery: WebhookDelivery) => void;
  showAttempts: (delivery: WebhookDelivery) => void;
  busy: boolean;
  /** Resend is shown only to whom its call is open (webhooks:write). */
  canResend: boolean;
}

/** What names a delivery's buttons for a screen reader: its event and when it was written. */
const rowName = (delivery: WebhookDelivery) =>
  `${eventLabel(delivery.eventType)} ${formatDate(delivery.createdAt)}`;

function columns({ resend, showAttempts, busy, canResend }: RowActions): DataTableColumn<WebhookDelivery>[] {
  return [
    { key: 'eventType', header: T.columns.event, render: (delivery) => eventLabel(delivery.eventType) },
    {
      key: 'status',
      header: T.columns.status,
      render: (delivery) => (
        <StatusChip label={WEBHOOK_STATUS_LABELS[delivery.status]} color={STATUS_COLORS[delivery.status]} />
      ),
    },
    { key: 'attempts', header: T.columns.attempts, align: 'right' },
    {
      key: 'responseStatus',
      header: T.columns.response,
      render: (delivery) =>
        delivery.responseStatus ?? (
          <span title={delivery.lastError ?? undefined}>{delivery.lastError ? '—' : ''}</span>
        ),
    },
    {
      key: 'durationMs',
      header: T.columns.duration,
      render: (delivery) => (delivery.durationMs === null ? '' : `${delivery.durationMs} ms`),
    },
    { key: 'createdAt', header: T.columns.created, render: (delivery) => formatDate(delivery.createdAt) },
    {
      key: 'nextAttemptAt',
      header: T.columns.nextAttempt,
      render: (delivery) => (delivery.nextAttemptAt ? formatDate(delivery.nextAttemptAt) : ''),
    },
    {
      key: 'actions',
      header: T.columns.actions,
      align: 'right',
      render: (delivery) => (
        <Stack direction="row" sx={{ gap: 0.5, justifyContent: 'flex-end' }}>
          {delivery.attempts > 0 && (
            <Button
              size="small"
              onClick={() => showAttempts(delivery)}
              aria-label={`${T.attempts} ${rowName(delivery)}`}
            >
              {T.attempts}
            </Button>
          )}
          {canResend && resendable(delivery) && (
            <Button
              size="small"
              disabled={busy}
              onClick={() => resend(delivery)}
              aria-label={`${T.resend} ${rowName(delivery)}`}
            >
              {T.resend}
            </Button>
          )}
        </Stack>
      ),
    },
  ];
}

/**
 * An endpoint's delivery log, newest first and paged on the server, with each delivery's attempts (a
 * dialog) and Resend on finished rows.
 */
export function WebhookDeliveries({ id }: { id: string }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const deliveries = useWebhookDeliveries(id, { limit: pageSize, offset: page * pageSize });
  const resend = useResendDelivery(id);
  const canResend = useCan()(webhookEndpoints.resend);
  const [inspected, setInspected] = useState<WebhookDelivery | null>(null);
  const rows = deliveries.data?.deliveries ?? [];
  const total = deliveries.data?.total ?? 0;
  const send = (delivery: WebhookDelivery) =>
    resend.mutate(delivery.id, { onSuccess: () => notify(T.resentToast, 'success') });

  return (
    <TitledSection title={T.deliveries} busy={deliveries.isFetching}>
      {deliveries.isError && deliveries.data === undefined ? (
        <>
          <Typography variant="body2">The deliveries could not be loaded</Typography>
          <RetryButton onClick={() => void deliveries.refetch()}>Try again</RetryButton>
        </>
      ) : deliveries.isSuccess && total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.deliveriesEmpty}
        </Typography>
      ) : (
        <DataTable
          ariaLabel={T.deliveries}
          columns={columns({
            resend: send,
            showAttempts: setInspected,
            busy: resend.isPending,
            canResend,
          })}
          rows={rows}
          getRowId={(delivery) => delivery.id}
          loading={deliveries.isFetching}
          total={total}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      )}
      {inspected && (
        <WebhookAttemptsDialog webhookId={id} delivery={inspected} onClose={() => setInspected(null)} />
      )}
    </TitledSection>
  );
}
