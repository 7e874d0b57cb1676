import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { WEBHOOK_TEXTS, type WebhookDelivery } from '@skyvault/contract';
import { useState } from 'react';
import { useSendTestEvent } from './webhooks.queries';

const T = WEBHOOK_TEXTS;

/** What the test's one attempt met: the receiver's 2xx, or its other status or our words for no answer. */
const outcomeOf = (delivery: WebhookDelivery) =>
  delivery.status === 'delivered'
    ? {
        severity: 'success' as const,
        text: T.testDelivered(delivery.responseStatus ?? 200, delivery.durationMs ?? 0),
      }
    : {
        severity: 'error' as const,
        text: T.testFailed(delivery.lastError ?? `HTTP ${delivery.responseStatus ?? '—'}`),
      };

/**
 * Send test event: a signed `webhook.test` goes to the endpoint at once; its outcome stays on the
 * screen (the status the endpoint answered, or why none came) until closed or replaced by the next
 * test, and the delivery log shows it with its attempt. `button` goes with the screen's actions,
 * `outcome` above the delivery log.
 */
export function useWebhookTestEvent(id: string) {
  const send = useSendTestEvent(id);
  const [sent, setSent] = useState<WebhookDelivery | null>(null);
  const outcome = sent ? outcomeOf(sent) : null;

  const button = (
    <Button
      variant="outlined"
      disabled={send.isPending}
      onClick={() => {
        setSent(null);
        send.mutate(undefined, { onSuccess: setSent });
      }}
    >
      {send.isPending ? T.sendingTest : T.sendTest}
    </Button>
  );
  const shown = outcome && (
    <Alert severity={outcome.severity} onClose={() => setSent(null)}>
      {outcome.text}
    </Alert>
  );
  return { button, outcome: shown };
}
