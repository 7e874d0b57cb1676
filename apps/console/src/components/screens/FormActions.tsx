import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { EndpointDef } from '@skyvault/contract';
import { Link } from 'react-router';
import { missingPermissionOf, useCan } from '../../core/session/permissions';
import { UnsavedChangesPrompt } from '../UnsavedChangesPrompt';

export interface FormActionsProps {
  /** Where Cancel goes: the details screen, or the list when creating. */
  cancelTo: string;
  /** While saving, Cancel waits and Save shows its progress. */
  busy?: boolean;
  submitLabel?: string;
  /** Save stays off, e.g. until the form may be sent or while it loads. */
  disabled?: boolean;
  /** The form has unsaved changes: leaving the page (Cancel included) or reloading it asks first. */
  dirty?: boolean;
  /**
   * The call the submit makes: for whom it is not open (an edit page opened by its address) the form is
   * read-only, the submit is left out and the page says which permission it needs.
   */
  endpoint?: EndpointDef;
  sx?: SxProps<Theme>;
}

/**
 * The end of an edit or create screen's form: Cancel, then the submit button; and, while the form has
 * unsaved changes, the question before the page is left (UnsavedChangesPrompt).
 */
export function FormActions({
  cancelTo,
  busy = false,
  submitLabel = 'Save',
  disabled,
  dirty = false,
  endpoint,
  sx,
}: FormActionsProps) {
  const can = useCan();
  if (endpoint && !can(endpoint)) {
    return (
      <Stack
        direction="row"
        sx={[
          { gap: 2, alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        <Typography variant="body2" color="text.secondary">
          {missingPermissionOf(endpoint)}
        </Typography>
        <Button component={Link} to={cancelTo}>
          Back
        </Button>
      </Stack>
    );
  }
  return (
    <Stack direction="row" sx={[{ gap: 1, justifyContent: 'flex-end' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button component={Link} to={cancelTo} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={disabled} loading={busy}>
        {submitLabel}
      </Button>
      <UnsavedChangesPrompt when={dirty} />
    </Stack>
  );
}
