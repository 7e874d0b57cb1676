/**
 * API tokens: the tenant's service principal for scripts (`read`, `admin`) and SCIM clients (`scim`).
 * The session plugin resolves a bearer through the service; route.ts applies the scope.
 */
export { apiTokenRoutes } from './api-tokens.routes.js';
export { type ApiTokenService, createApiTokenService } from './api-tokens.service.js';
export { bearerTokenOf } from './bearer.js';
