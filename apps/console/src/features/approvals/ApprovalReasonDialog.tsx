import { zodResolver } from '@hookform/resolvers/zod';
import { type ApprovalReasonForm, approvalReasonFormSchema } from '@skyvault/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { ApprovalReasonField } from './ApprovalReasonField';
import { APPROVAL_TEXTS as T } from './approvals.texts';

/**
 * "Request approval": asks why the change is needed. `onDone` gets the reason, or null when the user
 * closes the dialog instead (the change is then neither made nor asked for).
 */
export function ApprovalReasonDialog({ onDone }: { onDone: (reason: string | null) => void }) {
  const [open, setOpen] = useState(true);
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useForm<ApprovalReasonForm>({
    resolver: zodResolver(approvalReasonFormSchema),
    defaultValues: { reason: '' },
  });
  const submit = form.handleSubmit(({ reason }) => {
    setAnswer(reason.trim());
    setOpen(false);
  });
  return (
    <FormDialog
      title={T.requestTitle}
      description={T.requestIntro}
      open={open}
      dirty={form.formState.isDirty}
      onSubmit={submit}
      onClose={() => setOpen(false)}
      onExited={() => onDone(answer)}
      submitLabel={T.send}
    >
      <ApprovalReasonField form={form} autoFocus />
    </FormDialog>
  );
}
