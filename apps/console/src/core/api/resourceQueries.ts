import type { EndpointBody, EndpointDef, EndpointQuery, EndpointResponse } from '@skyvault/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from './client';
import { resourceKeys } from './queryKeys';

/** The calls of a resource with a list and details screen (connected apps, identity providers, IP ranges). */
interface ResourceEndpoints {
  list: EndpointDef;
  get: EndpointDef;
  create: EndpointDef;
  update: EndpointDef;
  remove: EndpointDef;
}

/** Create and edit forms show their errors next to their fields, not in the shared handler's toast. */
const FORM_META = { errorToast: false } as const;

// The endpoints are generic here, so callApi's per-endpoint argument checks cannot be resolved; the
// typed wrappers below restore them at the boundary.
const call = callApi as (endpoint: EndpointDef, options?: object) => Promise<unknown>;

/**
 * The query keys and the list and details queries of one resource, built from its contract endpoints.
 * `store` puts a changed item (a mutation's answer) in the details cache and refetches the lists.
 */
export function resourceReads<E extends Pick<ResourceEndpoints, 'list' | 'get'>>(name: string, endpoints: E) {
  type Item = EndpointResponse<E['get']> & { id: string };
  type ListQuery = EndpointQuery<E['list']>;

  const keys = {
    ...resourceKeys(name),
    list: (query: ListQuery) => [name, 'list', query] as const,
    detail: (id: string) => [name, 'detail', id] as const,
  };

  const listQuery = (query: ListQuery) =>
    queryOptions({
      queryKey: keys.list(query),
      queryFn: ({ signal }) =>
        call(endpoints.list, { query, signal }) as Promise<EndpointResponse<E['list']>>,
      // Paging and searching keep the current rows on screen until the next page arrives.
      placeholderData: keepPreviousData,
    });
  const detailQuery = (id: string) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => call(endpoints.get, { params: { id }, signal }) as Promise<Item>,
    });

  return {
    keys,
    listQuery,
    detailQuery,
    useList: (query: ListQuery) => useQuery(listQuery(query)),
    useOne: (id: string) => useQuery(detailQuery(id)),
    store(queryClient: QueryClient, item: Item) {
      queryClient.setQueryData(keys.detail(item.id), item);
      void queryClient.invalidateQueries({ queryKey: keys.lists() });
    },
  };
}

/**
 * The query keys, queries and mutations of one resource, built from its contract endpoints. Every
 * change answers the changed item: it becomes the details cache entry, and the lists are refetched
 * (status, dates and order may differ now).
 */
export function resourceQueries<E extends ResourceEndpoints>(name: string, endpoints: E) {
  type Item = EndpointResponse<E['get']> & { id: string };
  const reads = resourceReads(name, endpoints);
  const { keys, store } = reads;

  return {
    ...reads,

    useCreate() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (body: EndpointBody<E['create']>) => call(endpoints.create, { body }) as Promise<Item>,
        onSuccess: (item) => store(queryClient, item),
        meta: FORM_META,
      });
    },

    useUpdate() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id: string; body: EndpointBody<E['update']> }) =>
          call(endpoints.update, { params: { id }, body }) as Promise<Item>,
        onSuccess: (item) => store(queryClient, item),
        meta: FORM_META,
      });
    },

    /** An Actions menu call on one item that answers the changed item (enable, disable, regenerate). */
    useCommand<C extends Exclude<keyof E, keyof ResourceEndpoints> & string>() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, command }: { id: string; command: C }) =>
          call(endpoints[command] as EndpointDef, { params: { id } }) as Promise<Item>,
        onSuccess: (item) => store(queryClient, item),
        // A refusal usually means the item changed elsewhere: show it as it is now.
        onError: (_, { id }) => void queryClient.invalidateQueries({ queryKey: keys.detail(id) }),
      });
    },

    useRemove() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => call(endpoints.remove, { params: { id } }) as Promise<void>,
        onSuccess: (_, id) =>
          // Marked stale rather than removed: the details screen is still on screen until it navigates
          // away, and a removed query would be fetched again (a 404).
          void queryClient.invalidateQueries({ queryKey: keys.detail(id), refetchType: 'none' }),
        onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.lists() }),
      });
    },
  };
}
