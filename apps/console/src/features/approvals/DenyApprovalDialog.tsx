import TextField from '@mui/material/TextField';
import {
  APPROVAL_ACTION_DEFINITIONS,
  APPROVAL_MESSAGES,
  type ApprovalRequest,
  approvalDenySchema,
  MAX_APPROVAL_TEXT,
} from '@skyvault/contract';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { formField } from '../../components/formField';
import { useApiForm } from '../../components/useApiForm';
import { notify } from '../../core/toasts/notify';
import { APPROVAL_TEXTS as T } from './approvals.texts';

/** Deny: the comment is required, and the requester is e-mailed it. */
export function DenyApprovalDialog({
  request,
  send,
  onClose,
}: {
  request: ApprovalRequest;
  send: (comment: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(true);
  const { form, onSubmit, busy } = useApiForm({
    schema: approvalDenySchema,
    defaultValues: { comment: '' },
    send: (values) => send(values.comment),
    onSent: () => {
      notify(APPROVAL_MESSAGES.denied, 'success');
      setOpen(false);
    },
  });
  const target = request.targetName ? ` (${request.targetName})` : '';
  return (
    <FormDialog
      title={T.denyTitle}
      description={`${APPROVAL_ACTION_DEFINITIONS[request.action].label}${target}`}
      open={open}
      busy={busy}
      dirty={form.formState.isDirty}
      onSubmit={onSubmit}
      onClose={() => setOpen(false)}
      onExited={onClose}
      submitLabel={T.deny}
      destructive
    >
      <TextField
        {...formField(form, 'comment', T.commentHelp)}
        label={T.comment}
        required
        fullWidth
        multiline
        minRows={3}
        autoFocus
        slotProps={{ htmlInput: { maxLength: MAX_APPROVAL_TEXT } }}
      />
    </FormDialog>
  );
}
