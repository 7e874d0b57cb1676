import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WEBHOOK_TEXTS, type Webhook } from '@skyvault/contract';
import { formatDate } from '../../components/formatDate';
import { StatusChip } from '../../components/StatusChip';

/**
 * Enabled or Disabled; an endpoint the deliveries stopped for failing says so, and one failing now
 * warns since when (it is disabled once that lasts 24 hours).
 */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  return (
    <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
      <StatusChip
        label={webhook.enabled ? WEBHOOK_TEXTS.enabled : WEBHOOK_TEXTS.disabled}
        color={webhook.enabled ? 'success' : 'default'}
      />
      {!webhook.enabled && webhook.disabledReason && (
        <Typography variant="caption" color="error">
          {WEBHOOK_TEXTS.disabledBecauseFailing}
        </Typography>
      )}
      {webhook.enabled && webhook.failingSince && (
        <Typography variant="caption" color="warning.main">
          {WEBHOOK_TEXTS.failingSince(formatDate(webhook.failingSince))}
        </Typography>
      )}
    </Stack>
  );
}
