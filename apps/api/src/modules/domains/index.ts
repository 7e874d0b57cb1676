/** E-mail domains a tenant proved it owns, and what they route: sign-in, enforcement, sign-up. */
export { domainOfEmail, normalDomain } from './domain-names.js';
export {
  type DomainRoute,
  tenantRouteOfEmail,
  type VerifiedDomainRow,
  verifiedRouteOfEmail,
} from './domains.repository.js';
