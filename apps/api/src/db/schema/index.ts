export * from './audit.js';
export * from './tenants.js';
