/** What platform operators do from the admin CLI: tenants' licences and services. */
export { createOperatorService, type LicenseProduct, type OperatorService } from './operator.service.js';
