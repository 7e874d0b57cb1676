import {
  CONNECTION_SORT_OPTIONS,
  ORGANIZATION_TYPES,
  type OrganizationType,
  type SortOrder,
} from '@skyvault/contract';
import { useCallback, useMemo } from 'react';
import type { ListParams } from '../../components/useListParams';

export type ConnectionSortId = (typeof CONNECTION_SORT_OPTIONS)[number]['id'];

export interface ConnectionFilters {
  /** The chosen sort option; undefined is the default order, newest created first. */
  sortId: ConnectionSortId | undefined;
  organizationType: OrganizationType | undefined;
  /** For the list call: sort and order only when an option is chosen. */
  query: {
    sort?: 'name' | 'createdAt' | 'updatedAt';
    order?: SortOrder;
    organizationType?: OrganizationType;
  };
  setSortId: (id: ConnectionSortId | undefined) => void;
  setOrganizationType: (type: OrganizationType | undefined) => void;
}

/**
 * The sort dropdown and the connection type filter, kept in the URL beside the list's page and search
 * (`?sort=nameAsc&type=Sandbox`), so that the list can be linked and reloaded as it was. A change starts
 * again from the first page.
 */
export function useConnectionFilters(list: Pick<ListParams, 'param' | 'setParams'>): ConnectionFilters {
  const { param, setParams } = list;
  const option = CONNECTION_SORT_OPTIONS.find((known) => known.id === param('sort'));
  const organizationType = ORGANIZATION_TYPES.find((known) => known === param('type'));

  const update = useCallback(
    (key: string, value: string | undefined) => setParams({ [key]: value || undefined }),
    [setParams],
  );
  const setSortId = useCallback((id: ConnectionSortId | undefined) => update('sort', id), [update]);
  const setOrganizationType = useCallback(
    (type: OrganizationType | undefined) => update('type', type),
    [update],
  );

  return useMemo(
    () => ({
      sortId: option?.id,
      organizationType,
      query: {
        ...(option ? { sort: option.sort, order: option.order } : {}),
        ...(organizationType ? { organizationType } : {}),
      },
      setSortId,
      setOrganizationType,
    }),
    [option, organizationType, setSortId, setOrganizationType],
  );
}
