import { type FormEventHandler, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify } from '../core/toasts/notify';
import { type ApiFormOptions, useApiForm } from './useApiForm';

export type SaveDialogOptions<Values extends FieldValues, Output, Answer> = Omit<
  ApiFormOptions<Values, Output, Answer>,
  'onSent'
> & {
  /** The success toast: the spec's text, or one taken from the answer (the server's own message). */
  toast?: string | ((answer: Answer) => string);
  /** What else a success does; a dialog that `keepsOpen` does it instead of closing. */
  onSaved?: (answer: Answer) => void;
  keepsOpen?: boolean;
  /** Called once the dialog has closed (after its closing animation). */
  onClose: () => void;
};

/** The props that make a FormDialog this form's dialog. */
export interface SaveDialogProps {
  open: boolean;
  busy: boolean;
  /** Unsaved changes: closing asks first (FormDialog). */
  dirty: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  onExited: () => void;
}

export interface SaveDialog<Values extends FieldValues, Output> {
  form: UseFormReturn<Values, unknown, Output>;
  /** Spread into FormDialog. */
  dialog: SaveDialogProps;
  close: () => void;
  /** Sends the form again, as its submit button does (after a confirmation). */
  submit: () => Promise<void>;
}

/**
 * A create or edit dialog (SPEC.md §2 modals): its form (useApiForm), then on success the toast and
 * the dialog closes. While the call runs the dialog cannot be dismissed, so its answer is not lost.
 */
export function useSaveDialog<Values extends FieldValues, Output, Answer>({
  toast,
  onSaved,
  keepsOpen = false,
  onClose,
  ...options
}: SaveDialogOptions<Values, Output, Answer>): SaveDialog<Values, Output> {
  const [open, setOpen] = useState(true);
  const close = () => setOpen(false);
  const { form, onSubmit, submit, busy } = useApiForm<Values, Output, Answer>({
    ...(options as ApiFormOptions<Values, Output, Answer>),
    onSent: (answer) => {
      if (toast) notify(typeof toast === 'string' ? toast : toast(answer), 'success');
      onSaved?.(answer);
      if (!keepsOpen) close();
    },
  });
  const dirty = form.formState.isDirty;
  return { form, dialog: { open, busy, dirty, onSubmit, onClose: close, onExited: onClose }, close, submit };
}
