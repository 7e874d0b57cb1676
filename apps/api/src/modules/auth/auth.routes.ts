import { authEndpoints, passwordEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import { setSessionCookie } from '../../plugins/session.js';
import type { PasswordService } from '../passwords/passwords.service.js';
import type { SessionService } from '../sessions/sessions.service.js';
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
  },
) {
  const { config, login, loginCodes, passwords } = deps;

  route(app, authEndpoints.preLogin, ({ body, request }) => login.preLogin(body, requestMeta(request)));

  route(app, authEndpoints.login, async ({ body, request, reply, actor }) => {
    const meta = { ...requestMeta(request), timezone: body.timezone };
    const { session, user } = await login.login(body, meta, actor);
    setSessionCookie(reply, config, session.token, session.expiresAt);
    return user;
  });

  await app.register(logoutRoutes, { config, login });

  route(app, authEndpoints.requestCode, ({ body, request }) =>
    loginCodes.request(body.email, requestMeta(request)),
  );
  route(app, authEndpoints.verifyCode, ({ body, request }) =>
    loginCodes.verify(body.email, body.code, requestMeta(request)),
  );

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
