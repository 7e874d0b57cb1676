/** TOTP devices, recovery codes, the step-up their sign-in asks for, and an administrator's reset. */
export { firstFactorEnrolled, hasEnabledDevice } from './first-factor.js';
export { createMfaMailer, passkeyMailOf } from './mfa.mail.js';
export { mfaRoutes } from './mfa.routes.js';
export { createMfaService, type MfaService } from './mfa.service.js';
export { userMfaRoutes } from './user-mfa.routes.js';
export { createUserMfaService, type UserMfaService } from './user-mfa.service.js';
