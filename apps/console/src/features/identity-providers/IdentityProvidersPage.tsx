import {
  IDENTITY_PROVIDER_TYPE_LABELS,
  type IdentityProvider,
  identityProviderEndpoints,
  SCREEN_NAMES,
} from '@skyvault/contract';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { pageQueryOf, useListParams } from '../../components/useListParams';
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
    render: (provider) => (
      <span style={{ overflowWrap: 'anywhere' }}>
        {provider.type === 'Saml' ? provider.providerData.idpEntityId : provider.providerData.issuer}
      </span>
    ),
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
  const providers = useIdentityProviders(pageQueryOf(list));

  return (
    <ListScreen
      title={SCREEN_NAMES.identityProviders}
      actions={<CreateButton endpoint={identityProviderEndpoints.create} to={toIdentityProviderCreate()} />}
      query={providers}
      items="identity providers"
      rows={providers.data?.identityProviders ?? []}
      total={providers.data?.total ?? 0}
      list={list}
      ariaLabel="Identity Providers"
      columns={columns}
      getRowId={(provider) => provider.id}
      searchLabel="Search identity providers"
      empty={{
        title: 'No identity providers yet',
        description:
          "Add your organization's OpenID Connect provider (such as Okta, Microsoft Entra ID or Google) " +
          'and its button shows on the login page, so your users sign in with the account they already have.',
        action: (
          <CreateButton
            endpoint={identityProviderEndpoints.create}
            to={toIdentityProviderCreate()}
            label="Create identity provider"
          />
        ),
      }}
    />
  );
}
