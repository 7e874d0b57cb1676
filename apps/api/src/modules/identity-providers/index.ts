/** A tenant's identity providers (OpenID Connect and SAML 2.0), and the discovery of OpenID issuers that sign-in shares. */
export { createExpiryWarnings, type ExpiryWarnings } from './expiry-warnings.js';
export { expiryWarningRoutes } from './expiry-warnings.routes.js';
export { identityProviderRoutes } from './identity-providers.routes.js';
export {
  createIdentityProviderService,
  type IdentityProviderService,
  isSamlRow,
  PROVIDER_NOT_FOUND,
  tenantProvider,
} from './identity-providers.service.js';
export { createIssuers, IssuerError, type Issuers } from './issuers.js';
export { type ProviderSummary, providersByIds } from './provider-choices.js';
