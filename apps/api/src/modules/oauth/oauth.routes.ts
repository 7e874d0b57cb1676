import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config.js';
import { type Actor, requestMeta } from '../../lib/context.js';
import { setRoutePattern } from '../../lib/route-pattern.js';
import { sessionCookieName } from '../sessions/index.js';
import { createInteractionHandlers } from './interactions.js';
import { createProvider, importOidcProvider, OAUTH_PREFIX } from './provider.js';
import { createSigningKeyRing, type PrivateJwk } from './signing-keys.js';

/**
 * The authorization server's pages (sign-out question, errors, the auto-submitted form_post) carry no
 * script of ours; oidc-provider adds the hash of its one inline script itself. Form posts and their
 * redirects must reach the apps' registered URLs, which the console's 'self' policy would block.
 */
const OAUTH_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; " +
  "form-action 'self' https: http:; frame-ancestors 'none'; base-uri 'none'";

/**
 * Mounts the OpenID Connect provider under /oauth (registered with that prefix). Its requests go to
 * oidc-provider untouched: Fastify does not read their bodies, and the provider sees the path below
 * the prefix with the full one as originalUrl, from which it learns where it is mounted.
 */
export async function oauthRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const { database, services } = app;
  const cookieName = sessionCookieName(config);
  const requests = new WeakMap<IncomingMessage, FastifyRequest>();
  const actors = new WeakMap<IncomingMessage, Promise<Actor | null>>();

  /** The console session of the browser behind a request, resolved at most once per request. */
  const consoleActor = (req: IncomingMessage): Promise<Actor | null> => {
    let actor = actors.get(req);
    if (!actor) {
      const token = requests.get(req)?.cookies[cookieName];
      // The tenant's network access applies here too: from outside its ranges the console session does
      // not count, and the console's login page then explains the refusal.
      const address = requests.get(req)?.ip;
      actor = token ? services.sessions.resolve(token, address).catch(() => null) : Promise.resolve(null);
      actors.set(req, actor);
    }
    return actor;
  };
  /**
   * The session an authorization may use: one restricted to enrolling a second factor counts as signed
   * out, so that the provider sends the browser to the console's login (and from there to enrolment).
   */
  const authorizingActor = async (req: IncomingMessage): Promise<Actor | null> => {
    const actor = await consoleActor(req);
    return actor?.mfaEnrolment ? null : actor;
  };

  const oidc = await importOidcProvider();
  const ring = createSigningKeyRing(database, services.secrets, config.oauthKeys.refreshSeconds * 1000);

  /**
   * oidc-provider takes its keys once, at construction; everything else it keeps is in the database.
   * So when the key set changes (a rotation, a key becoming the signing key) the provider is built
   * anew with the new set, and requests from then on go to the new one.
   */
  function build(keys: PrivateJwk[]) {
    const provider = createProvider(oidc, {
      config,
      database,
      secrets: services.secrets,
      keys,
      log: app.log,
      consoleActor: authorizingActor,
    });
    // "Yes, sign me out" at the end-session endpoint signs the user out of the console as well: the
    // authorization server's session is the console's (provider.ts). Not when the server itself ends
    // the previous user's session on its way back to an authorization (another user signed in).
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.oidc?.route !== 'end_session_confirm' || ctx.status !== 303 || !ctx.oidc.params?.logout) return;
      const location = new URL(ctx.response.get('location') || '/', config.publicUrl);
      if (location.host === ctx.host && location.pathname.startsWith(`${OAUTH_PREFIX}/auth/`)) return;
      const request = requests.get(ctx.req);
      const actor = await consoleActor(ctx.req);
      if (actor && request) await services.login.logout(actor, requestMeta(request));
      const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
      ctx.res.appendHeader(
        'set-cookie',
        `${cookieName}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure}`,
      );
    });
    // The provider's own route pattern names the request in the metrics (the Fastify route is `/*`);
    // a path it does not know keeps none, and counts as unmatched.
    provider.use(async (ctx, next) => {
      try {
        await next();
      } finally {
        const pattern = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        if (typeof pattern === 'string') setRoutePattern(ctx.req, `${OAUTH_PREFIX}${pattern}`);
      }
    });
    return { provider, handle: provider.callback() };
  }

  let built: { version: string; provider: Provider; handle: ReturnType<Provider['callback']> } | undefined;
  const current = async () => {
    const set = await ring.current();
    if (built?.version !== set.version) built = { version: set.version, ...build(set.keys) };
    return built;
  };
  // The first build at registration: a database or key problem stops the start, not the first request.
  await current();

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.addHook('onRequest', async (request, reply) => {
    requests.set(request.raw, request);
    reply.raw.setHeader('content-security-policy', OAUTH_CSP);
  });

  const interactions = createInteractionHandlers({
    provider: async () => (await current()).provider,
    database,
    consoleActor: authorizingActor,
    publicUrl: config.publicUrl,
  });
  app.get('/interaction/:uid', interactions.show);
  // The consent answer is in the path: Allow and Deny are two forms without fields (pages.ts).
  app.post('/interaction/:uid/allow', interactions.decide('allow'));
  app.post('/interaction/:uid/deny', interactions.decide('deny'));
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: '/*',
    handler: async (request, reply) => {
      const { handle } = await current();
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(OAUTH_PREFIX.length) || '/';
      await handle(raw, reply.raw);
    },
  });
}
