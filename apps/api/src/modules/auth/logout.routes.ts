import { authEndpoints, SERVER_PAGES, SSO_LOGIN_PAGE } from '@skyvault/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { type Actor, type RequestMeta, requestMeta } from '../../lib/context.js';
import { route } from '../../lib/route.js';
import { escapeHtml, page } from '../oauth/index.js';
import { clearSessionCookie } from '../sessions/index.js';
import type { LoginService } from './login.service.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * What GET /api/v1/auth/logout answers: signing out changes state, so it is a POST that meets the
 * CSRF rule, and the GET (a bookmark, an old link) only asks. The form posts from this origin, which
 * its Origin header proves; no script is needed (the console's CSP allows none inline).
 */
const signOutPage = (action: string) =>
  page(
    SERVER_PAGES.signOut.title,
    `<form method="post" action="${escapeHtml(action)}"><p>${escapeHtml(SERVER_PAGES.signOut.question())}</p>` +
      `<button class="primary" type="submit" autofocus>${escapeHtml(SERVER_PAGES.signOut.confirm)}</button></form>` +
      `<p><a href="/">${escapeHtml(SERVER_PAGES.signOut.stay)}</a></p>`,
  );

/**
 * Logout, in a scope of its own: here alone a browser's form body is accepted (and ignored), so
 * that the sign-out page's button can post without a script.
 */
export async function logoutRoutes(
  app: FastifyInstance,
  {
    config,
    login,
    supportAccess,
  }: {
    config: Config;
    login: LoginService;
    /** A support session's sign-out ends it in the operator's name (modules/support-access). */
    supportAccess: { end(actor: Actor, meta: RequestMeta): Promise<void> };
  },
) {
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );

  route(app, authEndpoints.logout, async ({ actor, request, reply }) => {
    if (actor?.support) await supportAccess.end(actor, requestMeta(request));
    else if (actor) await login.logout(actor, requestMeta(request));
    clearSessionCookie(reply, config);
    // The page's form lands on the login page rather than on an empty answer.
    if (request.headers['content-type']?.startsWith(FORM)) await reply.redirect(SSO_LOGIN_PAGE, 303);
  });

  app.get(authEndpoints.logout.path, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      // Under the site-wide no-referrer policy a browser posts the form with `Origin: null`, which the
      // CSRF rule refuses; the page's own policy lets its origin show on same-origin requests only.
      .header('referrer-policy', 'same-origin')
      .send(signOutPage(authEndpoints.logout.path)),
  );
}
