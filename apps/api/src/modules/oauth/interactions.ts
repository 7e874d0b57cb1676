import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { Database } from '../../db/client.js';
import { type Actor, requestMeta } from '../../lib/context.js';
import { recordAudit } from '../audit/audit.service.js';
import { accountIdOf } from './accounts.js';
import { extraOf } from './clients.js';
import { errorPage } from './pages.js';
import { interactionPath } from './provider.js';

interface Deps {
  provider: Provider;
  database: Database;
  consoleActor: (req: IncomingMessage) => Promise<Actor | null>;
}

/** Kept in the interaction while the user signs in again: the console session that was not fresh enough. */
const STALE_SESSION = 'staleConsoleSession';

/** The console's login page, coming back here afterwards (its tenant step reads the client_id). */
export const consoleLoginUrl = (uid: string, clientId: string) =>
  `/auth/login?authorized=true&redirectTo=${encodeURIComponent(
    `${interactionPath(uid)}?client_id=${encodeURIComponent(clientId)}`,
  )}`;

const epochNow = () => Math.floor(Date.now() / 1000);

/**
 * prompt=login, or a max_age the authorization server cannot vouch for: the user must sign in again
 * rather than reuse the console session. (The console session's age is not known here, so max_age
 * also asks for a new sign-in when the authorization server has no session of its own yet.)
 */
function needsFreshSignIn(prompt: { name: string; reasons: string[] }) {
  return (
    prompt.name === 'login' && (prompt.reasons.includes('login_prompt') || prompt.reasons.includes('max_age'))
  );
}

function showError(reply: FastifyReply, description: string) {
  return reply
    .code(400)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(errorPage({ error: 'invalid_request', error_description: description }));
}

/**
 * GET /oauth/interaction/:uid, where the authorization server sends the browser when it needs the
 * user. Users sign in through the console's own login page (no second login form); with a console
 * session the authorization is granted at once. Connected apps are the tenant's own (first-party)
 * applications, registered by its administrators, so there is no consent screen: the requested
 * scopes are granted.
 */
export function createInteractionHandler({ provider, database, consoleActor }: Deps) {
  return async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    let interaction: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return showError(reply, 'This sign-in request has expired or was already completed.');
    }
    if (interaction.uid !== request.params.uid) {
      return showError(reply, 'This sign-in request belongs to another browser window.');
    }
    const clientId = String(interaction.params.client_id ?? '');
    const client = await provider.Client.find(clientId);
    if (!client) return showError(reply, 'The application is not available.');

    const finish = async (result: InteractionResults) => {
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: false,
      });
      return reply.redirect(returnTo, 303);
    };

    const actor = await consoleActor(request.raw);
    if (!actor) return reply.redirect(consoleLoginUrl(interaction.uid, clientId), 303);

    if (needsFreshSignIn(interaction.prompt)) {
      const stale = (interaction.result as Record<string, unknown> | undefined)?.[STALE_SESSION];
      if (stale === undefined || stale === actor.sessionId) {
        interaction.result = { ...interaction.result, [STALE_SESSION]: actor.sessionId };
        await interaction.save(Math.max(1, (interaction.exp ?? 0) - epochNow()));
        return reply.redirect(consoleLoginUrl(interaction.uid, clientId), 303);
      }
    }

    const app = extraOf(client);
    if (!app.multi_tenant && app.tenant_id !== actor.tenantId) {
      return finish({
        error: 'access_denied',
        error_description: 'This application is not available to users of your tenant.',
      });
    }

    const accountId = accountIdOf(actor);
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant =
      existing && existing.accountId === accountId ? existing : new provider.Grant({ accountId, clientId });
    // The scopes were checked against the app's own list before the interaction began.
    const scope = String(interaction.params.scope ?? '');
    if (scope) grant.addOIDCScope(scope);
    const grantId = await grant.save();

    await database.tenant(actor.tenantId, (tx) =>
      recordAudit(tx, requestMeta(request), {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        action: 'authorize',
        targetType: 'application',
        targetId: app.application_id,
        after: { clientId, scope },
      }),
    );
    return finish({ login: { accountId }, consent: { grantId } });
  };
}
