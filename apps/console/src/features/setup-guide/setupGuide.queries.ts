import { setupGuideEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';

export const setupGuideKey = ['setup-guide'] as const;

/**
 * The organization's setup steps. Asked again each time the landing screen opens, so that a step done
 * on another screen a moment ago is ticked off on the way back. A failure leaves the guide out quietly:
 * it is an aid, and the screen under it works without it.
 */
export const useSetupGuide = () =>
  useQuery({
    queryKey: setupGuideKey,
    queryFn: ({ signal }) => callApi(setupGuideEndpoints.get, { signal }),
    staleTime: 0,
    meta: { errorToast: false },
  });

/** Hides the guide for the organization, or shows it again; the answer is the guide as saved. */
export function useDismissSetupGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: boolean) => callApi(setupGuideEndpoints.update, { body: { dismissed } }),
    onSuccess: (guide) => queryClient.setQueryData(setupGuideKey, guide),
  });
}
