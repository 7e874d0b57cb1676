import { LoadBeforeEdit } from '../../components/screens/LoadBeforeEdit';
import { ItemPage } from '../../components/screens/missingItem';
import { toIdentityProvider, toIdentityProviders } from '../../core/paths/links';
import { IdentityProviderForm } from './IdentityProviderForm';
import { useIdentityProvider } from './identity-providers.queries';

/** /identity-providers/:identityProviderId/edit: a missing id goes to the list. */
export function IdentityProviderEditPage() {
  return (
    <ItemPage param="identityProviderId" list={toIdentityProviders()}>
      {(id) => <IdentityProviderEdit id={id} />}
    </ItemPage>
  );
}

/** Loads the provider, then shows its form; a failed load goes back to the list (SPEC.md §8). */
export function IdentityProviderEdit({ id }: { id: string }) {
  const query = useIdentityProvider(id);
  return (
    <LoadBeforeEdit
      item={query.data}
      loads={[query]}
      leaveWhen="failed"
      list={toIdentityProviders()}
      noun="identity provider"
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
