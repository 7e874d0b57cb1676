import { signedInSessionEndpoints as endpoints } from '@skyvault/contract';
import { useQuery } from '@tanstack/react-query';
import { signedInSessionKeys, useSessionEnding } from '../../components/sessions/useSessionEnding';
import { callApi } from '../../core/api/client';

export const useMySessions = () =>
  useQuery({
    queryKey: signedInSessionKeys.mine(),
    queryFn: ({ signal }) => callApi(endpoints.mine, { signal }),
  });

export const useEndMySession = () =>
  useSessionEnding((id: string) => callApi(endpoints.endMine, { params: { id } }), 'The session was ended');

export const useEndMyOtherSessions = () =>
  useSessionEnding(() => callApi(endpoints.endMyOthers), 'You were signed out everywhere else');
