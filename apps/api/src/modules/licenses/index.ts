/** A tenant's licences (trials, limits, DevOps seats shown). */
export { licenseRoutes } from './licenses.routes.js';
export { createLicensesService, type LicensesService } from './licenses.service.js';
