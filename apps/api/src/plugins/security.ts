import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';
import { bearerTokenOf } from '../modules/api-tokens/index.js';

/** The header the console sends on every state-changing call; a cross-site form cannot set it. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'skyvault-console';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The Origin names the host the request was sent to (default ports normalised away). */
const isSameHost = (origin: string, host: string | undefined) => {
  try {
    const o = new URL(origin);
    return Boolean(host) && new URL(`${o.protocol}//${host}`).host === o.host;
  } catch {
    return false;
  }
};

/** The path of a URL, percent-decoded as the router decodes it (kept as is when malformed). */
const decodedPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * Whether a request is an API call. Decided by the route the router matched, never by the raw URL:
 * the router decodes the path, so `/%61pi/v1/…` reaches the `/api/v1/…` route and must meet the
 * same rules. A request no route matched is judged by its decoded path.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route ?? decodedPath(request.url)).startsWith('/api/');
}

/**
 * Helmet, cookies and the same-origin rule for state-changing API calls. (Abuse limits live in the
 * rate-limits module, counted in the database so that every process shares them.)
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const analyticsOrigin = config.analytics.host ? originOf(config.analytics.host) : null;
    // The security headers are the same on every answer: helmet's middleware is built once here and
    // run on each request (@fastify/helmet built it anew per request, parsing the policy each time).
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI (emotion) injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(analyticsOrigin ? [analyticsOrigin] : [])],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      // The console opens service apps in new windows; they need no access back.
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      hsts: config.publicUrl.startsWith('https:'),
    });
    app.addHook('onRequest', (request, reply, done) =>
      securityHeaders(request.raw, reply.raw, (error?: unknown) =>
        done(error instanceof Error ? error : undefined),
      ),
    );
    await app.register(cookie);
    const allowedOrigin = originOf(config.publicUrl);
    app.addHook('onRequest', async (request) => {
      if (!UNSAFE.has(request.method) || !isApiRequest(request)) return;
      // A route that takes another site's form by design (a SAML ACS: its answer is signed, and bound
      // to the browser that started the sign-in) says so in its config.
      if ((request.routeOptions.config as { crossSiteForm?: boolean } | undefined)?.crossSiteForm) return;
      // A call with a bearer token is judged by the token alone (plugins/session.ts), never by a
      // cookie; and a cross-site form or page cannot set an Authorization header.
      if (bearerTokenOf(request.headers.authorization) !== undefined) return;
      const origin = request.headers.origin;
      if (origin !== undefined) {
        const sameHost = isSameHost(origin, request.headers.host);
        if (origin === allowedOrigin || sameHost) return;
        throw new AppError('CSRF_REJECTED');
      }
      if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) throw new AppError('CSRF_REJECTED');
    });
    // API answers may carry secrets (a client secret, a one-time view): no cache may keep them. A
    // route that sets its own policy (the public icon images) keeps it; /oauth answers are
    // oidc-provider's own, and console files are not API answers.
    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiRequest(request) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security' },
);
