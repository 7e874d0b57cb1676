/** A tenant's identity providers (OpenID Connect and SAML 2.0), and the discovery of OpenID issuers that sign-in shares. */
export { identityProviderRoutes } from './identity-providers.routes.js';
export {
  createIdentityProviderService,
  type IdentityProviderService,
  isSamlRow,
  PROVIDER_NOT_FOUND,
} from './identity-providers.service.js';
export { createIssuers, IssuerError, type Issuers } from './issuers.js';
