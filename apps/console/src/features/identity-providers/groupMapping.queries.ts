import { type GroupMapping, groupMappingEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { resourceKeys } from '../../core/api/queryKeys';

/** Under the providers' key: a provider's change or deletion refreshes its rules too. */
export const groupMappingKey = (providerId: string) =>
  [...resourceKeys('identity-providers').all, 'group-mapping', providerId] as const;

export const useGroupMapping = (providerId: string) =>
  useQuery({
    queryKey: groupMappingKey(providerId),
    queryFn: ({ signal }) => callApi(groupMappingEndpoints.get, { params: { id: providerId }, signal }),
  });

/** Saves the whole ordered list; field refusals stay with the editor (no shared toast for them). */
export function useSaveGroupMapping(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GroupMapping) =>
      callApi(groupMappingEndpoints.replace, { params: { id: providerId }, body }),
    onSuccess: (saved) => client.setQueryData(groupMappingKey(providerId), saved),
    meta: { errorToast: false },
  });
}
