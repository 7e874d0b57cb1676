/** Tenants: sign-up with e-mail verification, and the signed-in tenant's own settings. */
export { tenantRoutes } from './tenants.routes.js';
export { createTenantService, type TenantService } from './tenants.service.js';
