import {
  SSO_CALLBACK_PATH,
  SSO_LOGIN_QUERY,
  ssoEndpoints,
  ssoStartParamsSchema,
  ssoStartQuerySchema,
} from '@skyvault/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { setSessionCookie } from '../sessions/index.js';
import { knownBrowserCheck, rememberBrowser } from '../sign-in-alerts/index.js';
import { sendPostBindingPage } from './saml.routes.js';
import { ROUND_TRIP_TTL_MS, type SsoService } from './sso.service.js';
import { setSamlBrowserCookie, setSsoBrowserCookie, ssoBrowserKeyOf } from './sso-browser.js';
import { loginPageWith } from './sso-outcome.js';

/**
 * The browser's side of single sign-on. Start and callback are page loads, not console calls: they
 * always answer a redirect (never an error body), and no cache may keep one.
 */
export async function ssoRoutes(
  app: FastifyInstance,
  { config, sso, secrets }: { config: Config; sso: SsoService; secrets: SecretBox },
) {
  /** The meta of a sign-in: the unusual sign-in check asks whether the browser is known for the address. */
  const signInMeta = (request: FastifyRequest) => ({
    ...requestMeta(request),
    knownBrowserFor: knownBrowserCheck(request, config, secrets),
  });

  app.get('/api/v1/sso/:providerId/start', { schema: { hide: true } }, async (request, reply) => {
    const params = ssoStartParamsSchema.safeParse(request.params);
    const query = ssoStartQuerySchema.safeParse(request.query ?? {});
    const state = query.success ? query.data.state : undefined;
    const loginHint = query.success ? query.data.login_hint : undefined;
    const test = query.success && query.data.mode ? { actor: request.actor } : null;
    const started = params.success
      ? await sso.start(params.data.providerId, state, requestMeta(request), { loginHint, test })
      : { location: loginPageWith({ [SSO_LOGIN_QUERY.error]: 'SSO_FAILED' }) };
    if (started.browserKey) {
      const setCookie = 'saml' in started && started.saml ? setSamlBrowserCookie : setSsoBrowserCookie;
      setCookie(reply, config, started.browserKey, ROUND_TRIP_TTL_MS);
    }
    if ('post' in started) return sendPostBindingPage(reply, started.post);
    return reply.header('cache-control', 'no-store').redirect(started.location);
  });

  app.get(SSO_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const rawQuery = request.url.split('?')[1] ?? '';
    const browserKey = ssoBrowserKeyOf(request, config);
    const { location, session, email } = await sso.callback(
      rawQuery,
      browserKey,
      signInMeta(request),
      request.actor,
    );
    if (session) setSessionCookie(reply, config, session.token, session.expiresAt);
    // The provider proved the person in this browser: known for the address from now on.
    if (session && email) rememberBrowser(reply, config, secrets, email);
    return reply.header('cache-control', 'no-store').redirect(location);
  });

  route(app, ssoEndpoints.secondFactor, ({ body, request }) =>
    sso.secondFactor(body.ticket, requestMeta(request)),
  );
  route(app, ssoEndpoints.complete, async ({ body, request, reply, actor }) => {
    const { session, user } = await sso.complete(body, signInMeta(request), actor);
    setSessionCookie(reply, config, session.token, session.expiresAt);
    rememberBrowser(reply, config, secrets, user.email);
    return user;
  });
}
