import { supportAccessEndpoints as endpoints, SUPPORT_ACCESS_MESSAGES } from '@skyvault/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import { requestMeta } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { escapeHtml, page } from '../oauth/index.js';
import { setSessionCookie } from '../sessions/index.js';
import type { SupportAccess } from './support-access.service.js';

const FORM = 'application/x-www-form-urlencoded';
/** Where the operators' sign-in link lands (the CLI prints it with `?link=`). */
export const SUPPORT_START_PATH = '/api/v1/support-sessions/start';

const TITLE = 'Support session';

/**
 * The link's page asks before it starts the session, with a button that posts the link: a link
 * opened by a chat's preview or a mail scanner (a GET) uses nothing up. No script needed.
 */
const startPage = (link: string, tenantName: string, operator: string, ticket: string) =>
  page(
    TITLE,
    `<form method="post" action="${SUPPORT_START_PATH}"><p>${escapeHtml(
      `Sign in to the organization "${tenantName}" as ${operator} for ticket ${ticket}. The organization's Owners are e-mailed, and everything you do is in its audit log under your name.`,
    )}</p><input type="hidden" name="link" value="${escapeHtml(link)}">` +
      '<button class="primary" type="submit" autofocus>Start the support session</button></form>',
  );

const refusalPage = (message: string) => page(TITLE, `<p>${escapeHtml(message)}</p>`);

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    // The form posts with its Origin (the site-wide policy sends none), which the CSRF rule asks for.
    .header('referrer-policy', 'same-origin')
    .send(body);

const linkOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 256) : '');

/**
 * Support access: the Owner's grants (contract endpoints), and the page the operators' one-time link
 * opens, whose form starts the support session and sets its cookie.
 */
export async function supportAccessRoutes(
  app: FastifyInstance,
  { config, supportAccess }: { config: Config; supportAccess: SupportAccess },
) {
  route(app, endpoints.list, ({ actor }) => supportAccess.list(actor));
  route(app, endpoints.grant, ({ actor, body, request }) =>
    supportAccess.grant(actor, requestMeta(request), body),
  );
  route(app, endpoints.revoke, ({ actor, params, request }) =>
    supportAccess.revoke(actor, requestMeta(request), params.id),
  );

  await app.register(async (scope) => {
    scope.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(SUPPORT_START_PATH, { schema: { hide: true } }, async (request, reply) => {
      const link = linkOf((request.query as { link?: unknown }).link);
      try {
        const { session, tenantName } = await supportAccess.peekLink(link);
        return html(reply, 200, startPage(link, tenantName, session.operator, session.ticket));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return html(reply, 400, refusalPage(error.message));
      }
    });

    scope.post(SUPPORT_START_PATH, { schema: { hide: true } }, async (request, reply) => {
      const link = linkOf((request.body as { link?: unknown } | undefined)?.link);
      try {
        const started = await supportAccess.start(link, requestMeta(request));
        setSessionCookie(reply, config, started.token, started.expiresAt);
        return reply.redirect('/', 303);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'INVALID_CODE') throw error;
        return html(reply, 400, refusalPage(error.message || SUPPORT_ACCESS_MESSAGES.linkInvalid));
      }
    });
  });
}
