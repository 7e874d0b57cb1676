import {
  SSO_CALLBACK_PATH,
  SSO_LOGIN_QUERY,
  ssoEndpoints,
  ssoStartParamsSchema,
  ssoStartQuerySchema,
} from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import { setSessionCookie } from '../sessions/index.js';
import { sendPostBindingPage } from './saml.routes.js';
import { ROUND_TRIP_TTL_MS, type SsoService } from './sso.service.js';
import { setSamlBrowserCookie, setSsoBrowserCookie, ssoBrowserKeyOf } from './sso-browser.js';
import { loginPageWith } from './sso-outcome.js';

/**
 * The browser's side of single sign-on. Start and callback are page loads, not console calls: they
 * always answer a redirect (never an error body), and no cache may keep one.
 */
export async function ssoRoutes(app: FastifyInstance, { config, sso }: { config: Config; sso: SsoService }) {
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
    const { location, session } = await sso.callback(
      rawQuery,
      browserKey,
      requestMeta(request),
      request.actor,
    );
    if (session) setSessionCookie(reply, config, session.token, session.expiresAt);
    return reply.header('cache-control', 'no-store').redirect(location);
  });

  route(app, ssoEndpoints.secondFactor, ({ body, request }) =>
    sso.secondFactor(body.ticket, requestMeta(request)),
  );
  route(app, ssoEndpoints.complete, async ({ body, request, reply, actor }) => {
    const { session, user } = await sso.complete(body, requestMeta(request), actor);
    setSessionCookie(reply, config, session.token, session.expiresAt);
    return user;
  });
}
