/** The security overview: sign-ins, waiting accounts, MFA, tokens, health and ends at a glance. */
export { deleteOldRollups } from './retention.js';
export { securityOverviewRoutes } from './security-overview.routes.js';
export { createSecurityOverviewService, type SecurityOverviewService } from './security-overview.service.js';
