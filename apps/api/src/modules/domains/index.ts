/** E-mail domains a tenant proved it owns, and what they route: sign-in, enforcement, sign-up. */
export { domainOfEmail, isPublicSuffix, normalDomain } from './domain-names.js';
export {
  type DomainRoute,
  tenantRouteOfEmail,
  type VerifiedDomainRow,
  verifiedRouteOfEmail,
} from './domain-routing.js';
export { domainSignInRoutes } from './domain-sign-in.routes.js';
export {
  assertKeepsBreakGlass,
  assertKeepsEnforcedRoute,
  createDomainSignInService,
  type DomainSignInService,
} from './domain-sign-in.service.js';
export { domainRoutes } from './domains.routes.js';
export { createDomainService, type DomainService } from './domains.service.js';
export {
  assertLocalSignIn,
  type LocalSignIn,
  type LocalVerdict,
  type LocalWay,
  localSignInVerdict,
  providerChoices,
  ssoRequired,
} from './sso-enforcement.js';
export { createTxtLookup, type LookUpTxt, type TxtLookup } from './txt-lookup.js';
