/** Sign-in by password (with TOTP) and by e-mailed code, sign-out, and their routes. */
export { authRoutes } from './auth.routes.js';
export { createLoginService, type LoginService } from './login.service.js';
export { createLoginCodes, type LoginCodes } from './login-codes.service.js';
