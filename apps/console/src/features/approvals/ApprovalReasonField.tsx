import TextField from '@mui/material/TextField';
import { MAX_APPROVAL_TEXT } from '@skyvault/contract';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { formField } from '../../components/formField';
import { APPROVAL_TEXTS as T } from './approvals.texts';

/** The reason of a request for approval: required, several lines, at most the contract's length. */
export function ApprovalReasonField<Values extends FieldValues & { reason: string }>({
  form,
  autoFocus = false,
}: {
  form: UseFormReturn<Values, unknown, unknown>;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      {...formField(form, 'reason' as Path<Values>)}
      label={T.reason}
      required
      fullWidth
      multiline
      minRows={3}
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { maxLength: MAX_APPROVAL_TEXT } }}
    />
  );
}
