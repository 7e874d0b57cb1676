/** Sign-in through a tenant's identity providers. */

export { samlRoutes } from './saml.routes.js';
export { createSingleSignOn } from './single-sign-on.js';
export { ssoRoutes } from './sso.routes.js';
