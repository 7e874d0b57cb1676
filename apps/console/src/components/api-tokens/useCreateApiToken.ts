import { type ApiTokenCreate, apiTokenEndpoints } from '@skyvault/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { sharedKeys } from '../../core/api/queryKeys';
import { FORM_META } from '../../core/queryClient';

/** The answer holds the token in full, this once: the dialog shows it and nothing keeps it. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => callApi(apiTokenEndpoints.create, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharedKeys.apiTokens.lists() }),
    meta: FORM_META,
  });
}
