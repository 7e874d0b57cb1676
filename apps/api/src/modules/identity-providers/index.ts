/** A tenant's OpenID identity providers, and the discovery of their issuers that sign-in shares. */
export { createExpiryWarnings, type ExpiryWarnings } from './expiry-warnings.js';
export { expiryWarningRoutes } from './expiry-warnings.routes.js';
export { identityProviderRoutes } from './identity-providers.routes.js';
export {
  createIdentityProviderService,
  type IdentityProviderService,
  tenantProvider,
} from './identity-providers.service.js';
export { createIssuers, IssuerError, type Issuers } from './issuers.js';
export { type ProviderSummary, providersByIds } from './provider-choices.js';
