export * from './endpoint.js';
export * from './enums.js';
export * from './errors.js';
export * from './resources/session.js';
export * from './resources/system.js';
