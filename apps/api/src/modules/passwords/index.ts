/** Forgotten and forced password resets, and a signed-in user changing their password. */
export { createPasswordService, type PasswordService } from './passwords.service.js';
