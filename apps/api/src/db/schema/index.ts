export * from './audit.js';
export * from './automation.js';
export * from './environment.js';
export * from './identity.js';
export * from './outbox.js';
export * from './people.js';
export * from './security.js';
export * from './tenants.js';
