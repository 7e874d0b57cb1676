/** Passkeys (WebAuthn): registration, second factor, passwordless sign-in, and their routes. */
export { createPasskeyService, type PasskeyService } from './passkeys.service.js';
