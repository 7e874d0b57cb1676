/** Sign-in through a tenant's identity providers. */
export { createSingleSignOn } from './single-sign-on.js';
export { ssoRoutes } from './sso.routes.js';
