import { LoadBeforeEdit } from '../../components/LoadBeforeEdit';
import { BackToList, useItemId } from '../../components/missingItem';
import { toIdentityProvider, toIdentityProviders } from '../../core/paths/links';
import { IdentityProviderForm } from './IdentityProviderForm';
import { useIdentityProvider } from './identity-providers.queries';

/** /identity-providers/:identityProviderId/edit: a missing id goes to the list. */
export function IdentityProviderEditPage() {
  const identityProviderId = useItemId('identityProviderId');
  if (!identityProviderId) return <BackToList list={toIdentityProviders()} />;
  return <IdentityProviderEdit id={identityProviderId} />;
}

/** Loads the provider, then shows its form (LoadBeforeEdit). */
export function IdentityProviderEdit({ id }: { id: string }) {
  return (
    <LoadBeforeEdit
      query={useIdentityProvider(id)}
      list={toIdentityProviders()}
      title="Edit Identity Provider"
      back={toIdentityProvider(id)}
      backLabel="Back to the identity provider"
      rows={3}
      maxWidth={720}
    >
      {(provider) => <IdentityProviderForm provider={provider} />}
    </LoadBeforeEdit>
  );
}
