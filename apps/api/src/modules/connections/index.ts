/** Salesforce connections and their OAuth authorization. */

export { connectionRoutes } from './connections.routes.js';
export {
  type ConnectionService,
  createConnectionService,
  tenantHasConnectedOrg,
} from './connections.service.js';
export { connectionHealthRoutes } from './health/health.routes.js';
export {
  type ConnectionHealthService,
  createConnectionHealthService,
} from './health/health.service.js';
export { HEALTH_CENSUS_KEYS, readHealthCensus } from './health/health-census.js';
export { CHECK_RETENTION_MS, deleteOldChecks } from './health/retention.js';
