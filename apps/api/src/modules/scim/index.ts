/** SCIM 2.0 provisioning at /scim/v2 (RFC 7643/7644) onto the users and groups modules. */
export { type ScimDeps, scimRoutes } from './scim.plugin.js';
