/** A tenant's OpenID identity providers, and the discovery of their issuers that sign-in shares. */
export { identityProviderRoutes } from './identity-providers.routes.js';
export { createIdentityProviderService, type IdentityProviderService } from './identity-providers.service.js';
export { createIssuers, IssuerError, type Issuers } from './issuers.js';
export { type ProviderSummary, providersByIds } from './provider-choices.js';
