import type { IncomingMessage } from 'node:http';
import { SERVER_PAGES } from '@skyvault/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { Database } from '../../db/client.js';
import { type Actor, requestMeta } from '../../lib/context.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { findSignedInUser } from '../sessions/index.js';
import { accountIdOf } from './accounts.js';
import { extraOf } from './clients.js';
import { consentPage, errorPage } from './pages.js';
import { interactionPath } from './provider.js';

interface Deps {
  /** The authorization server of the current signing keys (oauth.routes.ts rebuilds it when they change). */
  provider: () => Promise<Provider>;
  database: Database;
  consoleActor: (req: IncomingMessage) => Promise<Actor | null>;
  /** The server's public address: a consent answer must come from this origin. */
  publicUrl: string;
}

/** Kept in the interaction while the user signs in again: the console session that was not fresh enough. */
const STALE_SESSION = 'staleConsoleSession';

/** The console's login page, coming back here afterwards (its tenant step reads the client_id). */
export const consoleLoginUrl = (uid: string, clientId: string) =>
  `/auth/login?authorized=true&redirectTo=${encodeURIComponent(
    `${interactionPath(uid)}?client_id=${encodeURIComponent(clientId)}`,
  )}`;

/** Why a sign-in through a Connected App stopped. */
const REFUSED = SERVER_PAGES.interaction;

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

function showError(reply: FastifyReply, description: string, status = 400) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      errorPage({
        error: status === 403 ? 'access_denied' : 'invalid_request',
        error_description: description,
      }),
    );
}

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type Decision = 'allow' | 'deny';

/**
 * GET /oauth/interaction/:uid, where the authorization server sends the browser when it needs the
 * user, and POST /oauth/interaction/:uid/allow or …/deny, the answer to the consent question. Users
 * sign in through the console's own login page (no second login form). An app of the user's own
 * tenant is authorized at once: Connected Apps are the tenant's own (first-party) applications,
 * registered by its administrators. An app registered by another tenant (multi-tenant) first asks the
 * user, as third-party apps do elsewhere; the answer holds for the authorization server's session
 * (until the user signs out of the console) and prompt=consent asks again.
 */
export function createInteractionHandlers({
  provider: currentProvider,
  database,
  consoleActor,
  publicUrl,
}: Deps) {
  const publicOrigin = new URL(publicUrl).origin;

  /**
   * Fetch metadata where the browser sends it (same-origin only); otherwise the Origin header, which
   * must be this server as published or as the browser reached it.
   */
  function fromOwnPage(request: FastifyRequest) {
    const site = request.headers['sec-fetch-site'];
    if (site) return site === 'same-origin';
    const origin = request.headers.origin;
    if (!origin) return true;
    try {
      return origin === publicOrigin || new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  }

  /** The interaction behind the request, with its app; null once an error page has been sent. */
  async function load(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    reply.header('cache-control', 'no-store');
    const provider = await currentProvider();
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      showError(reply, REFUSED.expired);
      return null;
    }
    if (interaction.uid !== request.params.uid) {
      showError(reply, REFUSED.otherWindow);
      return null;
    }
    const clientId = String(interaction.params.client_id ?? '');
    const client = await provider.Client.find(clientId);
    if (!client) {
      showError(reply, REFUSED.appUnavailable);
      return null;
    }
    return { interaction, clientId, app: { ...extraOf(client), name: String(client.clientName ?? '') } };
  }

  const finish = async (request: FastifyRequest, reply: FastifyReply, result: InteractionResults) => {
    const provider = await currentProvider();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(returnTo, 303);
  };

  /** prompt=login or max_age: true once the user has been sent to sign in again (remembered in the interaction). */
  async function sendToSignInAgain(interaction: Interaction, actor: Actor) {
    if (!needsFreshSignIn(interaction.prompt)) return false;
    const stale = (interaction.result as Record<string, unknown> | undefined)?.[STALE_SESSION];
    if (stale !== undefined && stale !== actor.sessionId) return false;
    interaction.result = { ...interaction.result, [STALE_SESSION]: actor.sessionId };
    await interaction.save(Math.max(1, (interaction.exp ?? 0) - epochNow()));
    return true;
  }

  /**
   * A connected app's sign-in (its authorization, with or without a consent question) or a refused
   * consent, in the user's tenant: the app may be another tenant's.
   */
  async function audit(
    request: FastifyRequest,
    actor: Actor,
    action: 'authorize' | 'deny-authorization',
    app: { application_id: string; name: string },
    after: Record<string, unknown>,
  ) {
    await database.tenant(actor.tenantId, (tx) =>
      recordAudit(tx, requestMeta(request), {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        action,
        method: 'oauth',
        targetType: 'application',
        targetId: app.application_id,
        targetName: app.name,
        after,
      }),
    );
  }

  /** Grants the requested scopes to the signed-in user and sends the browser back to the app. */
  async function grant(
    request: FastifyRequest,
    reply: FastifyReply,
    { interaction, clientId, app }: NonNullable<Awaited<ReturnType<typeof load>>>,
    actor: Actor,
  ) {
    const accountId = accountIdOf(actor);
    const provider = await currentProvider();
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const granted =
      existing && existing.accountId === accountId ? existing : new provider.Grant({ accountId, clientId });
    // The scopes were checked against the app's own list before the interaction began.
    const scope = String(interaction.params.scope ?? '');
    if (scope) granted.addOIDCScope(scope);
    const grantId = await granted.save();
    await audit(request, actor, 'authorize', app, { clientId, scope });
    return finish(request, reply, { login: { accountId }, consent: { grantId } });
  }

  /** Everything before the decision; null once the browser has been answered. */
  async function prepare(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    const loaded = await load(request, reply);
    if (!loaded) return null;
    const { interaction, clientId, app } = loaded;
    const actor = await consoleActor(request.raw);
    if (!actor || (await sendToSignInAgain(interaction, actor))) {
      reply.redirect(consoleLoginUrl(interaction.uid, clientId), 303);
      return null;
    }
    if (!app.multi_tenant && app.tenant_id !== actor.tenantId) {
      await finish(request, reply, {
        error: 'access_denied',
        error_description: REFUSED.appOfOtherTenants,
      });
      return null;
    }
    return { loaded, actor, asksConsent: app.tenant_id !== actor.tenantId };
  }

  const show = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    const prepared = await prepare(request, reply);
    if (!prepared) return reply;
    const { loaded, actor, asksConsent } = prepared;
    if (!asksConsent) return grant(request, reply, loaded, actor);
    const who = await database.tenant(actor.tenantId, (tx) =>
      findSignedInUser(actor.tenantId, tx, actor.userId),
    );
    return reply.type('text/html; charset=utf-8').send(
      consentPage({
        appName: loaded.app.name,
        appTenant: loaded.app.tenant_name,
        email: who?.email ?? '',
        tenant: who?.tenantName ?? '',
        scopes: String(loaded.interaction.params.scope ?? '').split(' '),
        action: interactionPath(loaded.interaction.uid),
      }),
    );
  };

  const decide =
    (decision: Decision) =>
    async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      // A decision comes from the consent page itself, never from another site's form (whose post
      // would not carry the SameSite=Lax interaction cookie either).
      if (!fromOwnPage(request)) {
        reply.header('cache-control', 'no-store');
        return showError(reply, REFUSED.notFromConsentPage, 403);
      }
      const prepared = await prepare(request, reply);
      if (!prepared) return reply;
      const { loaded, actor } = prepared;
      if (decision === 'allow') return grant(request, reply, loaded, actor);
      await audit(request, actor, 'deny-authorization', loaded.app, {
        clientId: loaded.clientId,
      });
      return finish(request, reply, {
        error: 'access_denied',
        error_description: REFUSED.denied,
      });
    };

  return { show, decide };
}
