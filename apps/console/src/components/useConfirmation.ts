import type { ReactNode } from 'react';
import { useState } from 'react';

/** What a confirmation says: the question, what follows from it, and the confirming button. */
export interface ConfirmationText {
  title: string;
  message?: ReactNode;
  label: string;
  /** The confirming button is red unless the action destroys nothing (false). */
  destructive?: boolean;
}

/**
 * Which of a screen's confirmations is open. `shown` keeps the last one after closing, so the dialog
 * does not change or lose its texts while it fades out.
 */
export function useConfirmation<A extends string>(initial: A) {
  const [confirming, setConfirming] = useState<A | null>(null);
  const [shown, setShown] = useState<A>(initial);
  const done = () => setConfirming(null);
  return {
    confirming,
    shown,
    ask: (action: A) => {
      setShown(action);
      setConfirming(action);
    },
    done,
    /** The ConfirmDialog's props for the confirmation open now, from the screen's texts. */
    dialogProps: (texts: Record<A, ConfirmationText>) => ({
      open: confirming !== null,
      title: texts[shown].title,
      message: texts[shown].message,
      confirmLabel: texts[shown].label,
      destructive: texts[shown].destructive ?? true,
      onClose: done,
    }),
  };
}
