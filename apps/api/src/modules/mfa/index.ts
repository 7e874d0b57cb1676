/** TOTP devices and the step-up their sign-in asks for. */
export { mfaRoutes } from './mfa.routes.js';
export { createMfaService, type MfaService } from './mfa.service.js';
