import { type LogStreamCreate, type LogStreamPatch, logStreamEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';

const keys = { all: ['log-streams'] as const, list: () => ['log-streams', 'list'] as const };

/** The tenant's streams (at most 10), read again every 30 s: their state and lag move on their own. */
export const useLogStreams = () =>
  useQuery({
    queryKey: keys.list(),
    queryFn: ({ signal }) => callApi(logStreamEndpoints.list, { signal }),
    refetchInterval: 30_000,
  });

function useStreamMutation<V, R>(call: (variables: V) => Promise<R>, form = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.all }),
    ...(form ? { meta: FORM_META } : {}),
  });
}

/** The answer of an HTTPS stream's create holds its signing secret, this once. */
export const useCreateLogStream = () =>
  useStreamMutation((body: LogStreamCreate) => callApi(logStreamEndpoints.create, { body }), true);
export const useUpdateLogStream = () =>
  useStreamMutation(
    ({ id, body }: { id: string; body: LogStreamPatch }) =>
      callApi(logStreamEndpoints.update, { params: { id }, body }),
    true,
  );
export const useDeleteLogStream = () =>
  useStreamMutation((id: string) => callApi(logStreamEndpoints.remove, { params: { id } }));
export const usePauseLogStream = () =>
  useStreamMutation((id: string) => callApi(logStreamEndpoints.pause, { params: { id } }));
export const useResumeLogStream = () =>
  useStreamMutation((id: string) => callApi(logStreamEndpoints.resume, { params: { id } }));
export const useReplayLogStream = () =>
  useStreamMutation(
    ({ id, from }: { id: string; from: string }) =>
      callApi(logStreamEndpoints.replay, { params: { id }, body: { from } }),
    true,
  );
