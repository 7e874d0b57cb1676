/** Connected apps: OAuth clients a tenant registers, served by the authorization server in oauth/. */
export { applicationRoutes } from './applications.routes.js';
export { type ApplicationService, createApplicationService } from './applications.service.js';
