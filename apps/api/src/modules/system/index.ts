/**
 * The brand, service links, analytics settings and the platform's capabilities (Salesforce set up, whom
 * to contact) the console reads.
 */
export { systemRoutes } from './system.routes.js';
