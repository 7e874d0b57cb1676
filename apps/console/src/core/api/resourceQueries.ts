import type { EndpointBody, EndpointDef, EndpointQuery, EndpointResponse } from '@skyvault/contract';
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { FORM_META } from '../queryClient';
import { callApi } from './client';
import { resourceKeys } from './queryKeys';

/** The calls of a resource with a list and details screen (users, groups, connected apps, IP ranges …). */
interface ResourceEndpoints {
  list: EndpointDef;
  get: EndpointDef;
  create: EndpointDef;
  update: EndpointDef;
  remove: EndpointDef;
}

export interface ResourceOptions {
  /** Other resources' data that shows this one and so changes with it (a group's user count). */
  alsoRefresh?: readonly QueryKey[];
}

// The endpoints are generic here, so callApi's per-endpoint argument checks cannot be resolved; the
// typed wrappers below restore them at the boundary.
const call = callApi as (endpoint: EndpointDef, options?: object) => Promise<unknown>;

/**
 * The query keys and the list query of one resource, built from its contract endpoint. A list answers
 * one page; paging, searching and filtering keep the current rows on screen until the next page arrives.
 */
export function resourceList<L extends EndpointDef>(name: string, list: L) {
  type ListQuery = EndpointQuery<L>;
  const keys = {
    ...resourceKeys(name),
    list: (query: ListQuery) => [name, 'list', query] as const,
  };
  const listQuery = (query: ListQuery) =>
    queryOptions({
      queryKey: keys.list(query),
      queryFn: ({ signal }) => call(list, { query, signal }) as Promise<EndpointResponse<L>>,
      placeholderData: keepPreviousData,
    });
  return { keys, listQuery, useList: (query: ListQuery) => useQuery(listQuery(query)) };
}

/**
 * The query keys and the list and details queries of one resource, built from its contract endpoints.
 * `store` puts a changed item (a mutation's answer) in the details cache and refetches the lists;
 * `refreshLists` refetches the lists, and what else shows the resource, after any change.
 */
export function resourceReads<E extends Pick<ResourceEndpoints, 'list' | 'get'>>(
  name: string,
  endpoints: E,
  { alsoRefresh = [] }: ResourceOptions = {},
) {
  type Item = EndpointResponse<E['get']> & { id: string };
  const lists = resourceList(name, endpoints.list as E['list']);
  const keys = { ...lists.keys, detail: (id: string) => [name, 'detail', id] as const };
  const detailQuery = (id: string) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => call(endpoints.get, { params: { id }, signal }) as Promise<Item>,
    });

  return {
    ...lists,
    keys,
    detailQuery,
    useOne: (id: string) => useQuery(detailQuery(id)),
    store(queryClient: QueryClient, item: Item) {
      queryClient.setQueryData(keys.detail(item.id), item);
      refreshLists(queryClient);
    },
    refreshLists,
  };

  function refreshLists(queryClient: QueryClient) {
    for (const queryKey of [keys.lists(), ...alsoRefresh]) void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * The query keys, queries and mutations of one resource, built from its contract endpoints. Every
 * change answers the changed item: it becomes the details cache entry, and the lists are refetched
 * (status, dates and order may differ now).
 */
export function resourceQueries<E extends ResourceEndpoints>(
  name: string,
  endpoints: E,
  options: ResourceOptions = {},
) {
  type Item = EndpointResponse<E['get']> & { id: string };
  const reads = resourceReads(name, endpoints, options);
  const { keys, store, refreshLists } = reads;

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

    /** `afterSave` refreshes what else the change affects (a group's new role removed its users). */
    useUpdate(afterSave?: (queryClient: QueryClient, item: Item) => void) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id: string; body: EndpointBody<E['update']> }) =>
          call(endpoints.update, { params: { id }, body }) as Promise<Item>,
        onSuccess: (item) => {
          store(queryClient, item);
          afterSave?.(queryClient, item);
        },
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

    /**
     * A refusal is the shared handler's toast, unless the screen swallows failed deletes (`quiet`, SPEC.md
     * §8: users, storages) and tells only the refusals worth telling itself.
     */
    useRemove({ quiet = false }: { quiet?: boolean } = {}) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => call(endpoints.remove, { params: { id } }) as Promise<void>,
        onSuccess: (_, id) =>
          // Marked stale rather than removed: the details screen is still on screen until it navigates
          // away, and a removed query would be fetched again (a 404).
          void queryClient.invalidateQueries({ queryKey: keys.detail(id), refetchType: 'none' }),
        onSettled: () => refreshLists(queryClient),
        meta: quiet ? { errorToast: false } : undefined,
      });
    },
  };
}
