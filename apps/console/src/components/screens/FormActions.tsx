import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link } from 'react-router';

export interface FormActionsProps {
  /** Where Cancel goes: the details screen, or the list when creating. */
  cancelTo: string;
  /** While saving, Cancel waits and Save shows its progress. */
  busy?: boolean;
  submitLabel?: string;
  /** Save stays off, e.g. until the form may be sent or while it loads. */
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** The end of an edit or create screen's form: Cancel, then the submit button. */
export function FormActions({
  cancelTo,
  busy = false,
  submitLabel = 'Save',
  disabled,
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
    </Stack>
  );
}
