/** Passkeys (WebAuthn): registration, second factor, passwordless sign-in, and their routes. */
export { purgeExpiredChallenges } from './challenges.js';
export { createPasskeyLogin, type PasskeyLogin } from './passkey-login.service.js';
export { passkeyRoutes } from './passkeys.routes.js';
export { createPasskeyService, type PasskeyMail, type PasskeyService } from './passkeys.service.js';
