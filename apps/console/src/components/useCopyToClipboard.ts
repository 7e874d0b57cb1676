import { COPY_TOAST_MS, TOASTS } from '@skyvault/contract';
import { useCallback } from 'react';
import { notify } from '../core/toasts/notify';

/** Copies a value and confirms with the short 'Copied to clipboard' toast of SPEC.md §8. */
export function useCopyToClipboard(): (value: string) => Promise<void> {
  return useCallback(async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard access is refused outside secure contexts or without permission; nothing was copied.
      return;
    }
    notify(TOASTS.copiedToClipboard, 'success', { autoHideDuration: COPY_TOAST_MS });
  }, []);
}
