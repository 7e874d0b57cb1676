import { signedInSessionEndpoints as endpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { signedInSessionKeys, useSessionEnding } from '../../components/sessions/useSessionEnding';
import { callApi } from '../../core/api/client';

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

export const useEndUserSessions = (userId: string) =>
  useSessionEnding(
    () => callApi(endpoints.endAllOfUser, { params: { id: userId } }),
    'All sessions were ended',
  );
