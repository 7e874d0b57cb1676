import { authEndpoints, passwordEndpoints } from '@skyvault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { type Actor, type RequestMeta, requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import type { PasswordService } from '../passwords/index.js';
import { type SessionService, setSessionCookie } from '../sessions/index.js';
import { isKnownBrowser, rememberBrowser } from '../sign-in-alerts/index.js';
import type { LoginService } from './login.service.js';
import type { LoginCodes } from './login-codes.service.js';
import { logoutRoutes } from './logout.routes.js';

export async function authRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    login: LoginService;
    loginCodes: LoginCodes;
    passwords: PasswordService;
    sessions: SessionService;
    secrets: SecretBox;
    supportAccess: { end(actor: Actor, meta: RequestMeta): Promise<void> };
  },
) {
  const { config, login, loginCodes, passwords, secrets } = deps;

  const loginMeta = (request: FastifyRequest, email: string) => ({
    ...requestMeta(request),
    knownBrowser: isKnownBrowser(request, config, secrets, email),
  });

  route(app, authEndpoints.preLogin, ({ body, request }) =>
    login.preLogin(body, loginMeta(request, body.email)),
  );

  route(app, authEndpoints.login, async ({ body, request, reply, actor }) => {
    const meta = { ...loginMeta(request, body.email), timezone: body.timezone };
    const { session, user } = await login.login(body, meta, actor);
    setSessionCookie(reply, config, session.token, session.expiresAt);
    rememberBrowser(reply, config, secrets, body.email);
    return user;
  });

  await app.register(logoutRoutes, { config, login, supportAccess: deps.supportAccess });

  route(app, authEndpoints.requestCode, ({ body, request }) =>
    loginCodes.request(body.email, requestMeta(request)),
  );
  route(app, authEndpoints.verifyCode, async ({ body, request, reply }) => {
    const answer = await loginCodes.verify(body.email, body.code, requestMeta(request));
    // The mailbox is proven: this browser's logins for the address do not wait for others' guesses.
    rememberBrowser(reply, config, secrets, body.email);
    return answer;
  });

  route(app, passwordEndpoints.forgotPassword, ({ body, request }) =>
    passwords.forgot(body, requestMeta(request)),
  );
  route(app, passwordEndpoints.resetCodeDetails, ({ params }) => passwords.details(params.code));
  route(app, passwordEndpoints.resetPassword, ({ body, request }) =>
    passwords.reset(body, requestMeta(request)),
  );
  route(app, passwordEndpoints.changeOwnPassword, ({ actor, body, request }) =>
    passwords.changeOwn(actor, body, requestMeta(request)),
  );
}
