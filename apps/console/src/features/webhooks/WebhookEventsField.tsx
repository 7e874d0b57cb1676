import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEXTS,
  type WebhookEventType,
} from '@skyvault/contract';

/**
 * Events to send: one checkbox per event type, its label in words and its type as the receiver sees it.
 * The choice is kept in the contract's order whatever order it was ticked in.
 */
export function WebhookEventsField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: readonly WebhookEventType[];
  onChange: (value: WebhookEventType[]) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const toggle = (event: WebhookEventType, checked: boolean) =>
    onChange(WEBHOOK_EVENT_TYPES.filter((type) => (type === event ? checked : value.includes(type))));
  return (
    <FormControl component="fieldset" error={Boolean(error)} variant="standard" required>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {WEBHOOK_TEXTS.events}
      </FormLabel>
      {error && <FormHelperText sx={{ mt: 0, mb: 0.5 }}>{error}</FormHelperText>}
      <FormGroup>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            label={WEBHOOK_EVENT_LABELS[type]}
            control={
              <Checkbox
                size="small"
                checked={value.includes(type)}
                onChange={(event) => toggle(type, event.target.checked)}
                onBlur={onBlur}
                slotProps={{ input: { title: type } }}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
