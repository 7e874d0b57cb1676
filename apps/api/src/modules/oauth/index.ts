/**
 * The OAuth 2.0 / OpenID Connect authorization server for connected apps. Other modules revoke what it
 * keeps for a user or a client inside their own transaction; the admin CLI rotates its signing keys.
 */

export { sweepExpiredModels } from './adapter.js';
export { oauthRoutes } from './oauth.routes.js';
export { escapeHtml, page } from './pages.js';
export { revokeAccountData, revokeClientData } from './revocation.js';
export {
  DEFAULT_ACTIVATION_DELAY_MS,
  listSigningKeys,
  RETIRED_KEY_RETENTION_MS,
  rotateSigningKeys,
} from './signing-keys.js';
