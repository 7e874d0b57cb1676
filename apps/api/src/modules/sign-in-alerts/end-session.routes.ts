import { SERVER_PAGES } from '@skyvault/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.js';
import { requestMeta } from '../../lib/context.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { OneTimeTokens } from '../../platform/one-time-tokens/one-time-tokens.service.js';
import { escapeHtml, page } from '../oauth/index.js';
import { endUserSession } from '../sessions/index.js';
import { END_SESSION_PATH } from './sign-in-alerts.service.js';

const FORM = 'application/x-www-form-urlencoded';
const WORDS = SERVER_PAGES.endSession;
const INVALID = { invalid: WORDS.invalid, used: WORDS.invalid, expired: WORDS.invalid };

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // The form posts with its origin (the CSRF rule), and the token in the address goes nowhere else.
    .header('referrer-policy', 'same-origin')
    .send(html);

/**
 * The link mailed with an unusual sign-in. Opening it asks (a mail scanner that fetches every link
 * must not end the session); the button posts, and the session the link names ends, that one only,
 * and the page says so. The link is a one-time token (platform/one-time-tokens): used once, 7 days.
 */
export async function endSessionRoutes(
  app: FastifyInstance,
  { database, tokens }: { database: Database; tokens: OneTimeTokens },
) {
  // Here alone a browser's form body is accepted (and ignored): the token is in the address.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );

  const tokenOf = (query: unknown) => {
    const token = (query as { token?: unknown } | undefined)?.token;
    return typeof token === 'string' ? token : '';
  };

  app.get(END_SESSION_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request.query);
    try {
      await tokens.peek('end-session', token, INVALID);
    } catch {
      return send(reply, 400, page(WORDS.invalidTitle, `<p>${escapeHtml(WORDS.invalid)}</p>`));
    }
    const action = `${END_SESSION_PATH}?token=${encodeURIComponent(token)}`;
    return send(
      reply,
      200,
      page(
        WORDS.title,
        `<form method="post" action="${escapeHtml(action)}"><p>${escapeHtml(WORDS.question)}</p>` +
          `<button class="primary" type="submit" autofocus>${escapeHtml(WORDS.confirm)}</button></form>`,
      ),
    );
  });

  app.post(END_SESSION_PATH, { schema: { hide: true } }, async (request, reply) => {
    let owner: Awaited<ReturnType<OneTimeTokens['peek']>>;
    try {
      owner = await tokens.peek('end-session', tokenOf(request.query), INVALID);
    } catch {
      return send(reply, 400, page(WORDS.invalidTitle, `<p>${escapeHtml(WORDS.invalid)}</p>`));
    }
    const { tenantId, userId, sessionId } = owner;
    const ended = await database.tenant(tenantId, async (tx) => {
      if (!sessionId || !(await tokens.consume(tx, owner))) return null;
      const deleted = await endUserSession(tenantId, tx, userId, sessionId);
      if (deleted) {
        await recordAudit(tx, requestMeta(request), {
          tenantId,
          actorId: userId,
          action: 'end-session',
          targetType: 'user',
          targetId: userId,
          after: { sessionId },
        });
      }
      return deleted;
    });
    if (ended === null)
      return send(reply, 400, page(WORDS.invalidTitle, `<p>${escapeHtml(WORDS.invalid)}</p>`));
    return send(
      reply,
      200,
      page(WORDS.doneTitle, `<p>${escapeHtml(ended ? WORDS.done : WORDS.alreadyEnded)}</p>`),
    );
  });
}
