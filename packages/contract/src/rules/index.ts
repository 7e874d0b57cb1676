export * from './identity.js';
export * from './names.js';
export * from './network.js';
export * from './storage.js';
export * from './text.js';
export * from './tokens.js';
