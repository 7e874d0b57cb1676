import { CONFIRMATIONS } from '@skyvault/contract';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export interface DiscardChangesDialogProps {
  open: boolean;
  /** Discard: the changes are dropped and the form is left (the page or the dialog closes). */
  onDiscard: () => void;
  /** Keep editing: back to the form, its values as they were. */
  onKeepEditing: () => void;
}

/** The question a form with unsaved changes asks before it is left or closed (pages and dialogs alike). */
export function DiscardChangesDialog({ open, onDiscard, onKeepEditing }: DiscardChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={CONFIRMATIONS.discardChanges}
      message={CONFIRMATIONS.discardChangesDetail}
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      destructive
      onConfirm={onDiscard}
      onClose={onKeepEditing}
    />
  );
}

/**
 * A dialog's way out when it may hold changes: `dismiss` (Esc, a click beside it, Close or Cancel)
 * closes at once while nothing changed, and asks first otherwise; render `prompt` inside the dialog.
 */
export function useDismissAfterAsking(
  dirty: boolean,
  close: () => void,
): { dismiss: () => void; prompt: ReactNode } {
  const [asking, setAsking] = useState(false);
  return {
    dismiss: () => (dirty ? setAsking(true) : close()),
    prompt: (
      <DiscardChangesDialog
        open={asking}
        onDiscard={() => {
          setAsking(false);
          close();
        }}
        onKeepEditing={() => setAsking(false)}
      />
    ),
  };
}
