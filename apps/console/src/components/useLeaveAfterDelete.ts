import { useNavigate } from 'react-router';
import { notify } from '../core/toasts/notify';

/**
 * What a details page does once its item is deleted: the toast of SPEC.md §8, then the list, replacing
 * the page in the history (Back must not return to what no longer exists). Pass it as onSuccess.
 */
export function useLeaveAfterDelete(toast: string, list: string) {
  const navigate = useNavigate();
  return () => {
    notify(toast, 'success');
    navigate(list, { replace: true });
  };
}
