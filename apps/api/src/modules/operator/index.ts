/** What platform operators do from the admin CLI: tenants, their licences and services. */
export { createTenantWithAdministrator } from './create-tenant.js';
export { createOperatorService, type LicenseProduct, type OperatorService } from './operator.service.js';
