import { useNavigate } from 'react-router';
import { notify } from '../../core/toasts/notify';
import { AFTER_SAVE } from '../UnsavedChangesPrompt';

/**
 * A success toast (SPEC.md §8), then another screen in place of this one: Back must not return to a
 * form that has been saved, nor to an item that no longer exists. The form's unsaved-changes guard
 * lets this move pass (AFTER_SAVE): what it held is saved.
 */
export function useLeaveWithToast() {
  const navigate = useNavigate();
  return (toast: string, to: string) => {
    notify(toast, 'success');
    navigate(to, { replace: true, state: AFTER_SAVE });
  };
}

/** What a details page does once its item is deleted: the toast, then the list. Pass it as onSuccess. */
export function useLeaveAfterDelete(toast: string, list: string) {
  const leave = useLeaveWithToast();
  return () => leave(toast, list);
}
