import { useState } from 'react';

/**
 * Which of a screen's confirmations is open. `shown` keeps the last one after closing, so the dialog
 * does not change or lose its texts while it fades out.
 */
export function useConfirmation<A extends string>(initial: A) {
  const [confirming, setConfirming] = useState<A | null>(null);
  const [shown, setShown] = useState<A>(initial);
  return {
    confirming,
    shown,
    ask: (action: A) => {
      setShown(action);
      setConfirming(action);
    },
    done: () => setConfirming(null),
  };
}
