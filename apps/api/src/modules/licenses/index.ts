/** A tenant's licences (trials, limits, DevOps seats shown). */
export { findLicensesNearEnd, type LicenseNearEnd, type LicenseNotice } from './license-ends.js';
export { licenseRoutes } from './licenses.routes.js';
export { createLicensesService, type LicensesService } from './licenses.service.js';
