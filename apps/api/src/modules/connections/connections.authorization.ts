import { createHash, randomBytes } from 'node:crypto';
import {
  type AuditOutcome,
  CONNECTION_RETURN_PARAMS,
  CONNECTION_RETURN_STATE_FAILED,
  type OrganizationType,
  SALESFORCE_LOGIN_FAILURES,
} from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { hashToken } from '../../lib/token-hash.js';
import { type AuditAction, recordAudit } from '../../platform/audit/audit.service.js';
import * as states from '../../platform/oauth-states/oauth-states.repository.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { checkOtherApprovals } from './approval-cap.js';
import * as repo from './connections.repository.js';
import { loginBookkeeping } from './login-bookkeeping.js';
import { type LoginOptions, ORG_MISMATCH_REFUSED, orgPinning, rebound } from './org-pinning.js';
import { readable, type SalesforceClient, SalesforceError } from './salesforce.client.js';

/** The `purpose` of our rows in oauth_states (single sign-on keeps its own). */
export const CONNECTION_LOGIN_PURPOSE = 'salesforce-connection';
/** How long a started Salesforce login may take before its state is refused. */
export const LOGIN_TTL_MS = 10 * 60 * 1000;

const CONNECTIONS_PATH = '/connections';
const landing = (param: keyof typeof CONNECTION_RETURN_PARAMS, value: string) =>
  `${CONNECTIONS_PATH}?${new URLSearchParams({ [CONNECTION_RETURN_PARAMS[param]]: value })}`;
const STATE_FAILED = landing('failed', CONNECTION_RETURN_STATE_FAILED);

/** What the audit trail keeps of a connection: never its tokens or encryption key. */
export const audited = (row: repo.ConnectionRow) => ({
  name: row.name,
  organizationType: row.organizationType,
  status: row.status,
  storageId: row.storageId,
  instanceUrl: row.instanceUrl,
  orgId: row.orgId,
  salesforceUsername: row.salesforceUsername,
  lastError: row.lastError,
});

/** Query of the callback: what Salesforce appends to our redirect URI. */
export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/**
 * Salesforce's OAuth 2.0 web-server flow with PKCE for connections: `start` records a state bound to
 * the signed-in user and answers the login URL; `complete` runs when the browser comes back and
 * answers where the console should land.
 */
export function createConnectionAuthorization(deps: {
  database: Database;
  secrets: SecretBox;
  salesforce: SalesforceClient;
  redirectUri: string;
  log: FastifyBaseLogger;
  /** The clock of token use and check times. */
  now: () => number;
  /** Wakes the health checks, whose due connections a login just changed. */
  health?: { nudge(): void };
}) {
  const { database, secrets, salesforce, redirectUri, log, now } = deps;

  /** After a commit, and best effort: a token that Salesforce keeps anyway expires by its own policy. */
  const revokeQuietly = (type: OrganizationType, token: string) =>
    salesforce.revoke(type, token).catch((error: unknown) => {
      // The message only: it names no token.
      log.warn(
        { reason: error instanceof Error ? error.message : 'unknown' },
        'Salesforce token revocation failed',
      );
    });

  /**
   * Records the outcome with its audit event, as the user who started the login; `login` names the
   * org and user Salesforce logged in to, where the event is about them.
   */
  const settle = (
    actor: Actor,
    meta: RequestMeta,
    id: string,
    event: { action: AuditAction; outcome?: AuditOutcome; login?: { orgId: string; username: string } },
    changes: repo.ConnectionUpdate,
  ) =>
    database.tenant(actor.tenantId, async (tx) => {
      const before = await repo.findConnection(actor.tenantId, tx, id);
      if (!before) return null;
      const after = await repo.updateConnection(actor.tenantId, tx, id, changes);
      const login = event.login ? { loginOrgId: event.login.orgId, loginUsername: event.login.username } : {};
      await recordAudit(tx, meta, {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        action: event.action,
        outcome: event.outcome,
        targetType: 'connection',
        targetId: id,
        targetName: (after ?? before).name,
        before: audited(before),
        after: after ? { ...audited(after), ...login } : null,
      });
      return after && { before, after };
    });

  /**
   * A failed login. A connection that already works keeps its tokens and status (a cancelled Update
   * Token must not break it); any other becomes failed. Either way the reason is kept for the list.
   */
  const fail = async (
    actor: Actor,
    meta: RequestMeta,
    connection: repo.ConnectionRow,
    reason: string,
    event: Parameters<typeof settle>[3] = { action: 'connect-failed' },
  ) => {
    const status = connection.status === 'connected' ? 'connected' : 'failed';
    await settle(actor, meta, connection.id, event, { status, lastError: readable(reason) });
    return landing('failed', connection.id);
  };

  /**
   * A login may have cost the same Salesforce user's other connections their approval (the sixth
   * evicts the least recently used): they are checked next. After the commit, and never failing the
   * login that is already stored.
   */
  const checkOthers = async (salesforceUserId: string, tenantId: string, connectionId: string, at: Date) => {
    try {
      await checkOtherApprovals(database, salesforceUserId, { tenantId, connectionId }, at);
    } catch (error) {
      log.warn(
        { reason: error instanceof Error ? error.message : 'unknown' },
        'Approval checks not scheduled',
      );
    }
    deps.health?.nudge();
  };

  return {
    /** Starts a login for one connection in the caller's transaction; earlier unfinished ones stop working. */
    async start(
      tx: Tx,
      actor: Actor,
      connection: { id: string; organizationType: OrganizationType },
      options: LoginOptions = {},
    ) {
      const state = randomBytes(32).toString('base64url');
      const codeVerifier = randomBytes(32).toString('base64url');
      const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
      await states.deleteExpiredStates(tx);
      await states.deleteStatesFor(actor.tenantId, tx, CONNECTION_LOGIN_PURPOSE, connection.id);
      const stateHash = hashToken(state);
      await states.insertState(actor.tenantId, tx, {
        stateHash,
        purpose: CONNECTION_LOGIN_PURPOSE,
        userId: actor.userId,
        targetId: connection.id,
        codeVerifier: secrets.seal(sealedAt.oauthStateCodeVerifier(actor.tenantId, stateHash), codeVerifier),
        redirectUri,
        returnTo: CONNECTIONS_PATH,
        options: options.rebind ? { rebind: true } : null,
        expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
      });
      return salesforce.authorizeUrl(connection.organizationType, { state, codeChallenge });
    },

    /** The browser is back from Salesforce: finish the login and answer the console path to land on. */
    async complete(actor: Actor | null, meta: RequestMeta, query: CallbackQuery): Promise<string> {
      const state = query.state ?? '';
      if (!state || state.length > 256) return STATE_FAILED;
      const found = await database.system((tx) => states.findStateByHash(tx, hashToken(state)));
      if (!found || found.purpose !== CONNECTION_LOGIN_PURPOSE || !found.targetId) return STATE_FAILED;
      if (found.expiresAt.getTime() <= Date.now()) return STATE_FAILED;
      // Only the session that started the login may finish it: a login link sent to someone else, or
      // an attacker's code planted in a victim's browser, gets nowhere (and does not spoil the state).
      if (!actor?.isAdmin || actor.tenantId !== found.tenantId || actor.userId !== found.userId) {
        return STATE_FAILED;
      }
      if (!(await database.system((tx) => states.consumeState(tx, found.id)))) return STATE_FAILED;

      const connection = await database.tenant(actor.tenantId, (tx) =>
        repo.findConnection(actor.tenantId, tx, found.targetId!),
      );
      if (!connection) return STATE_FAILED;
      if (query.error) {
        const reason =
          query.error === 'access_denied'
            ? SALESFORCE_LOGIN_FAILURES.denied
            : SALESFORCE_LOGIN_FAILURES.notAuthorized(readable(query.error_description || query.error));
        return fail(actor, meta, connection, reason);
      }
      if (!query.code) return fail(actor, meta, connection, SALESFORCE_LOGIN_FAILURES.noCode);

      const type = connection.organizationType;
      try {
        const verifierAt = sealedAt.oauthStateCodeVerifier(found.tenantId, found.stateHash);
        const verifier = secrets.open(verifierAt, found.codeVerifier);
        const tokens = await salesforce.exchangeCode(type, query.code, verifier);
        const identity = await salesforce.identity(type, tokens);
        const login = { orgId: identity.orgId, username: identity.username };
        const pinning = orgPinning(connection, identity.orgId, found.options?.rebind === true);
        if (pinning.kind === 'refused') {
          // The token of the other org serves nothing here; the connection keeps what it had.
          void revokeQuietly(type, tokens.refreshToken ?? tokens.accessToken);
          const event = pinning.security
            ? { action: ORG_MISMATCH_REFUSED, outcome: 'failure' as const, login }
            : { action: 'connect-failed' as const, login };
          return fail(actor, meta, connection, pinning.reason, event);
        }
        const at = new Date(now());
        const accessTokenAt = sealedAt.connectionAccessToken(actor.tenantId, connection.id);
        const refreshTokenAt = sealedAt.connectionRefreshToken(actor.tenantId, connection.id);
        const action = pinning.kind === 'rebind' ? 'rebind' : 'connect';
        const saved = await settle(
          actor,
          meta,
          connection.id,
          { action },
          {
            ...loginBookkeeping(at),
            ...(pinning.kind === 'rebind' ? rebound(connection, identity.orgId, at) : {}),
            status: 'connected',
            lastError: null,
            instanceUrl: tokens.instanceUrl,
            orgId: identity.orgId,
            salesforceUsername: identity.username,
            salesforceUserId: identity.userId,
            accessToken: secrets.seal(accessTokenAt, tokens.accessToken),
            // Salesforce may leave the refresh token out of a renewal; the one we hold then stays valid.
            ...(tokens.refreshToken
              ? { refreshToken: secrets.seal(refreshTokenAt, tokens.refreshToken) }
              : {}),
            connectedAt: at,
          },
        );
        if (!saved) {
          // Deleted while the user was at Salesforce: the new token has nothing to serve.
          void revokeQuietly(type, tokens.refreshToken ?? tokens.accessToken);
          return STATE_FAILED;
        }
        // The token replaced as the commit found it: a renewal during the login may have rotated it.
        const held = saved.before.refreshToken;
        if (tokens.refreshToken && held) {
          const previous = secrets.open(refreshTokenAt, held);
          if (previous !== tokens.refreshToken) void revokeQuietly(type, previous);
        }
        await checkOthers(identity.userId, actor.tenantId, connection.id, at);
        return landing('connected', connection.id);
      } catch (error) {
        if (error instanceof SalesforceError) return fail(actor, meta, connection, error.message);
        throw error;
      }
    },

    revokeQuietly,
  };
}

export type ConnectionAuthorization = ReturnType<typeof createConnectionAuthorization>;
