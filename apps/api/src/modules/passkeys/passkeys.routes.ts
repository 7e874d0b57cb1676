import { type MfaStepUp, passkeyEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { type Actor, requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import { setSessionCookie } from '../sessions/index.js';
import type { UserService } from '../users/index.js';
import type { PasskeyLogin } from './passkey-login.service.js';
import type { PasskeyService } from './passkeys.service.js';

export async function passkeyRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    passkeys: PasskeyService;
    passkeyLogin: PasskeyLogin;
    /** MFA's step-up (a current code or the password), asked before a passkey is deleted or added beside a factor. */
    mfa: { proveFactor: (actor: Actor, proof: MfaStepUp) => Promise<void> };
    users: Pick<UserService, 'get'>;
  },
) {
  const { config, passkeys, passkeyLogin, mfa, users } = deps;

  route(app, passkeyEndpoints.support, async () => passkeys.support());
  route(app, passkeyEndpoints.loginOptions, () => passkeyLogin.options());
  route(app, passkeyEndpoints.login, async ({ body, request, reply, actor }) => {
    const meta = { ...requestMeta(request), timezone: body.timezone };
    const { session, user } = await passkeyLogin.login(body.response, meta, actor);
    setSessionCookie(reply, config, session.token, session.expiresAt);
    return user;
  });

  route(app, passkeyEndpoints.list, ({ actor }) => passkeys.list(actor));
  route(app, passkeyEndpoints.registrationOptions, async ({ actor, body }) => {
    const user = await users.get(actor.tenantId, actor.userId);
    return passkeys.registrationOptions(actor, user.email, body, (proof) => mfa.proveFactor(actor, proof));
  });
  route(app, passkeyEndpoints.create, ({ actor, body, request }) =>
    passkeys.create(actor, requestMeta(request), body.name, body.response),
  );
  route(app, passkeyEndpoints.rename, ({ actor, params, body, request }) =>
    passkeys.rename(actor, requestMeta(request), params.id, body.name),
  );
  route(app, passkeyEndpoints.remove, ({ actor, params, body, request }) =>
    passkeys.remove(actor, requestMeta(request), params.id, () => mfa.proveFactor(actor, body)),
  );
}
