import { signedInSessionEndpoints as endpoints } from '@skyvault/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { signedInSessionKeys, useSessionEnding } from '../../components/sessions/useSessionEnding';
import { callApi } from '../../core/api/client';
import { userKeys } from './users.queries';

export const useUserSessions = (userId: string) =>
  useQuery({
    queryKey: signedInSessionKeys.ofUser(userId),
    queryFn: ({ signal }) => callApi(endpoints.ofUser, { params: { id: userId }, signal }),
  });

export const useEndUserSession = (userId: string) =>
  useSessionEnding(
    (sessionId: string) => callApi(endpoints.endOneOfUser, { params: { id: userId, sessionId } }),
    'The session was ended',
  );

/** Ends all of the user's sessions; with `removePasskeys` their passkeys go too (counted under the details). */
export function useEndUserSessions(userId: string) {
  const queryClient = useQueryClient();
  return useSessionEnding(async ({ removePasskeys }: { removePasskeys: boolean }) => {
    try {
      await callApi(endpoints.endAllOfUser, {
        params: { id: userId },
        body: removePasskeys ? { removePasskeys } : null,
      });
    } finally {
      if (removePasskeys) void queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) });
    }
  }, 'All sessions were ended');
}
