import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link } from 'react-router';
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
  sx,
}: FormActionsProps) {
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
