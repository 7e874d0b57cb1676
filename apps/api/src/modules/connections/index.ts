/** Salesforce connections and their OAuth authorization. */
export { connectionRoutes } from './connections.routes.js';
export { type ConnectionService, createConnectionService } from './connections.service.js';
