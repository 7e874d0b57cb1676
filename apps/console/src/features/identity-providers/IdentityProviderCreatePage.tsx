import { IdentityProviderForm } from './IdentityProviderForm';

/** /identity-providers/create: a new provider starts empty. */
export function IdentityProviderCreatePage() {
  return <IdentityProviderForm />;
}
