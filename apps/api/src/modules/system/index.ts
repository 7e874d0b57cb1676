/** The brand, service links and analytics settings the console reads, and the health probes. */
export { systemRoutes } from './system.routes.js';
