import { type MfaStepUp, passkeyEndpoints } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { type Actor, requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { setSessionCookie } from '../sessions/index.js';
import { knownBrowserCheck, rememberBrowser } from '../sign-in-alerts/index.js';
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
    secrets: SecretBox;
  },
) {
  const { config, passkeys, passkeyLogin, mfa, users, secrets } = deps;

  route(app, passkeyEndpoints.support, async () => passkeys.support());
  route(app, passkeyEndpoints.loginOptions, () => passkeyLogin.options());
  route(app, passkeyEndpoints.login, async ({ body, request, reply, actor }) => {
    const meta = { ...requestMeta(request), timezone: body.timezone };
    const knownBrowser = knownBrowserCheck(request, config, secrets);
    const { session, user } = await passkeyLogin.login(body.response, meta, actor, knownBrowser);
    setSessionCookie(reply, config, session.token, session.expiresAt);
    // The owner's passkey proved this browser: known for the address from now on (no alert next time).
    rememberBrowser(reply, config, secrets, user.email);
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
