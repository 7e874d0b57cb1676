import Button from '@mui/material/Button';
import { type RotatedWebhook, WEBHOOK_TEXTS } from '@skyvault/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ShownOnceSecretDialog } from '../../components/ShownOnceSecretDialog';
import { notify } from '../../core/toasts/notify';
import { useRotateWebhookSecret } from './webhooks.queries';

const T = WEBHOOK_TEXTS;

/**
 * Rotate secret: after a confirmation that says what happens (both secrets sign for 24 hours), the new
 * secret is shown once; closing the dialog forgets it.
 */
export function WebhookSecretRotation({ id }: { id: string }) {
  const rotate = useRotateWebhookSecret(id);
  const [asking, setAsking] = useState(false);
  const [rotated, setRotated] = useState<RotatedWebhook | null>(null);
  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setAsking(false);
        setRotated(answer);
        notify(T.rotatedToast, 'success');
      },
      onError: () => setAsking(false),
    });

  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)}>
        {T.rotateSecret}
      </Button>
      <ConfirmDialog
        open={asking}
        title={T.rotateTitle}
        message={T.rotateConfirm}
        confirmLabel={T.rotateSecret}
        pending={rotate.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
      {rotated && (
        <ShownOnceSecretDialog
          title={T.rotatedSecretTitle}
          warning={T.rotatedShownOnce}
          label={T.secret}
          value={rotated.secret}
          onClose={() => setRotated(null)}
        />
      )}
    </>
  );
}
