export * from './audit.js';
export * from './identity.js';
export * from './tenants.js';
