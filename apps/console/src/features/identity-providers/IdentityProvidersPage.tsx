import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { IDENTITY_PROVIDER_TYPE_LABELS, type IdentityProvider } from '@skyvault/contract';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { RouterLink } from '../../components/RouterLink';
import { SearchField } from '../../components/SearchField';
import { useListParams } from '../../components/useListParams';
import { toIdentityProvider, toIdentityProviderCreate } from '../../core/paths/links';
import { IdentityProviderStatusChip } from './IdentityProviderStatusChip';
import { useIdentityProviders } from './identity-providers.queries';

const columns: DataTableColumn<IdentityProvider>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (provider) => <RouterLink to={toIdentityProvider(provider.id)}>{provider.name}</RouterLink>,
  },
  { key: 'type', header: 'Type', render: (provider) => IDENTITY_PROVIDER_TYPE_LABELS[provider.type] },
  {
    key: 'issuer',
    header: 'Issuer',
    render: (provider) => <span style={{ overflowWrap: 'anywhere' }}>{provider.providerData.issuer}</span>,
  },
  {
    key: 'status',
    header: 'Status',
    render: (provider) => <IdentityProviderStatusChip active={provider.active} />,
  },
  { key: 'updatedAt', header: 'Updated At', render: (provider) => formatDate(provider.updatedAt) },
  { key: 'createdAt', header: 'Created At', render: (provider) => formatDate(provider.createdAt) },
];

/** The tenant's identity providers, searchable and paginated (SPEC.md §2 Identity providers). */
export function IdentityProvidersPage() {
  const list = useListParams();
  const providers = useIdentityProviders({
    limit: list.pageSize,
    offset: list.offset,
    searchText: list.search || undefined,
  });
  const total = providers.data?.total ?? 0;
  const hasNoProviders = providers.isSuccess && !providers.isPlaceholderData && total === 0 && !list.search;
  const createButton = (label: string) => (
    <Button component={Link} to={toIdentityProviderCreate()} variant="contained" startIcon={<AddIcon />}>
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader title="Identity Providers" actions={createButton('Create')} />
      {providers.isError && !providers.data ? (
        <EmptyState
          title="The identity providers could not be loaded"
          action={<RetryButton onClick={() => void providers.refetch()}>Try again</RetryButton>}
        />
      ) : hasNoProviders ? (
        <EmptyState
          title="No identity providers yet"
          description={
            "Add your organization's OpenID Connect provider (such as Okta, Microsoft Entra ID or Google) " +
            'and its button shows on the login page, so your users sign in with the account they already have.'
          }
          action={createButton('Create identity provider')}
        />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <SearchField value={list.search} onSearch={list.setSearch} label="Search identity providers" />
          <DataTable
            ariaLabel="Identity Providers"
            columns={columns}
            rows={providers.data?.identityProviders ?? []}
            getRowId={(provider) => provider.id}
            total={total}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            loading={providers.isFetching}
          />
        </Stack>
      )}
    </>
  );
}
