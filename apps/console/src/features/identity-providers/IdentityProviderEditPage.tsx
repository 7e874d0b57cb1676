import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, useParams } from 'react-router';
import { isHandledByErrorHandler } from '../../app/errors/formErrors';
import { PageHeader } from '../../app/layout/PageHeader';
import { IdentityProviderForm } from './IdentityProviderForm';
import { useIdentityProvider } from './identity-providers.queries';
import { toIdentityProvider, toIdentityProviders } from './identity-providers.routes';

/** /identity-providers/:identityProviderId/edit: a missing id goes to the list. */
export function IdentityProviderEditPage() {
  const { identityProviderId } = useParams();
  if (!identityProviderId) return <Navigate to={toIdentityProviders()} replace />;
  return <IdentityProviderEdit id={identityProviderId} />;
}

/**
 * Loads the provider, then shows its form (whose defaults need it). A failed load goes back to the
 * list once the shared handler has shown why (SPEC.md §8), unless that handler is taking the user
 * elsewhere.
 */
export function IdentityProviderEdit({ id }: { id: string }) {
  const query = useIdentityProvider(id);
  if (query.data) return <IdentityProviderForm provider={query.data} />;
  if (query.isError && !isHandledByErrorHandler(query.error)) {
    return <Navigate to={toIdentityProviders()} replace />;
  }
  return (
    <>
      <PageHeader
        title="Edit Identity Provider"
        back={toIdentityProvider(id)}
        backLabel="Back to the identity provider"
      />
      {query.isPending && <CircularProgress aria-label="Loading the identity provider" />}
    </>
  );
}
