import {
  connectionEndpoints,
  type RoleCreate,
  type RolePermissions,
  roleEndpoints,
} from '@skyvault/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { sharedKeys } from '../../core/api/queryKeys';
import { resourceQueries } from '../../core/api/resourceQueries';
import { FORM_META } from '../../core/queryClient';

const roles = resourceQueries('roles', roleEndpoints);

export const roleKeys = {
  ...roles.keys,
  permissions: (id: string) => ['roles', 'permissions', id] as const,
};
export const rolesQuery = roles.listQuery;
export const useRoles = roles.useList;
export const useRole = roles.useOne;

export const useRolePermissions = (id: string) =>
  useQuery({
    queryKey: roleKeys.permissions(id),
    queryFn: ({ signal }) => callApi(roleEndpoints.permissions, { params: { id }, signal }),
  });

/** The Add Connections modal: one page of the tenant's connections, searched by name. */
export const useConnectionChoices = (
  query: { limit: number; offset: number; search: string },
  enabled: boolean,
) =>
  useQuery({
    queryKey: [...sharedKeys.connections.lists(), 'role-picker', query] as const,
    queryFn: ({ signal }) =>
      callApi(connectionEndpoints.list, {
        query: {
          limit: query.limit,
          offset: query.offset,
          search: query.search || undefined,
          sort: 'name',
          order: 'ASC',
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleCreate) => callApi(roleEndpoints.create, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: roleKeys.lists() }),
    meta: FORM_META,
  });
}

export const useUpdateRole = roles.useUpdate;

/** Licences, DevOps settings and rows: the server's refusals are shown by the shared handler's toast. */
export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RolePermissions }) =>
      callApi(roleEndpoints.updatePermissions, { params: { id }, body }),
    onSuccess: (permissions, { id }) => queryClient.setQueryData(roleKeys.permissions(id), permissions),
  });
}

/** A refusal (a group still has the role) is the server's message in the shared handler's toast. */
export const useDeleteRole = roles.useRemove;
