import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../core/toasts/notify';

/** Sessions change under the screen (a browser signs in elsewhere): every list of them is read anew. */
export const signedInSessionKeys = {
  all: ['signed-in-sessions'] as const,
  mine: () => [...signedInSessionKeys.all, 'mine'] as const,
  ofUser: (userId: string) => [...signedInSessionKeys.all, 'user', userId] as const,
};

/** Ends sessions, says so, and reads the lists again (the ended ones leave them). */
export function useSessionEnding<V>(end: (variables: V) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: end,
    onSuccess: () => notify(done, 'success'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: signedInSessionKeys.all }),
  });
}
