import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Role } from '@skyvault/contract';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { RouterLink } from '../../components/RouterLink';
import { SearchField } from '../../components/SearchField';
import { useListParams } from '../../components/useListParams';
import { toRole, toRoleCreate } from '../../core/paths/links';
import { useRoles } from './roles.queries';

const columns: DataTableColumn<Role>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (role) => <RouterLink to={toRole(role.id)}>{role.name}</RouterLink>,
  },
  { key: 'description', header: 'Description' },
  { key: 'updatedAt', header: 'Updated At', render: (role) => formatDate(role.updatedAt) },
  { key: 'createdAt', header: 'Created At', render: (role) => formatDate(role.createdAt) },
];

/** The tenant's roles: searchable, paginated, names linking to the details (SPEC.md §2 Roles). */
export function RolesPage() {
  const list = useListParams();
  const roles = useRoles({ limit: list.pageSize, offset: list.offset, searchText: list.search || undefined });
  const rows = roles.data?.roles ?? [];
  const total = roles.data?.total ?? 0;
  const hasNoRoles = roles.isSuccess && !roles.isPlaceholderData && total === 0 && !list.search;

  const createButton = (
    <Button component={Link} to={toRoleCreate()} variant="contained" startIcon={<AddIcon />}>
      Create
    </Button>
  );

  return (
    <>
      <PageHeader title="Roles" actions={createButton} />
      {roles.isError && !roles.data ? (
        <EmptyState
          title="The roles could not be loaded"
          action={<RetryButton onClick={() => void roles.refetch()}>Try again</RetryButton>}
        />
      ) : hasNoRoles ? (
        <EmptyState
          title="No roles yet"
          description={
            'A role bundles what its groups’ users may do: the license level of each product and the ' +
            'rights on each connected org.'
          }
          action={createButton}
        />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <SearchField value={list.search} onSearch={list.setSearch} />
          <DataTable
            ariaLabel="Roles"
            columns={columns}
            rows={rows}
            getRowId={(role) => role.id}
            total={total}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            loading={roles.isFetching}
          />
        </Stack>
      )}
    </>
  );
}
