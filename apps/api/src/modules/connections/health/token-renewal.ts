import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { sealedAt } from '../../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../../platform/secrets/secrets.js';
import * as repo from './renewal.repository.js';
import { type SalesforceApi, SalesforceUnavailableError } from './salesforce-api.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A token closer than this to its expiry is renewed first: a backup call must not start on a dying one. */
export const RENEW_BEFORE_MS = 5 * MINUTE;
/**
 * A refresh token unused this long is refreshed anyway. Salesforce expires refresh tokens unused for
 * 30 days (the idle policy partner apps must set); a week leaves room for weeks of outages.
 */
export const KEEP_ALIVE_MS = 7 * DAY;
/**
 * When introspection does not tell, a new access token is taken to live this long: Salesforce's
 * shortest session timeout, so the guess is never longer than the truth.
 */
export const ASSUMED_TOKEN_LIFE_MS = 15 * MINUTE;
/** Longer than a refresh call may take (its timeout is 10 s): a crashed holder's lease runs out. */
const LEASE_MS = 30_000;
/** How long a process waits for another's renewal, and how often it looks. */
const WAIT_MS = 15_000;
const POLL_MS = 100;

/** The connection is not connected (any more), or holds no refresh token: nothing to renew. */
export class NotConnectedError extends Error {
  override name = 'NotConnectedError';
}

export interface AccessGrant {
  accessToken: string;
  /** The version of these tokens: a 401 on this token renews exactly this version. */
  version: number;
  instanceUrl: string;
}

/**
 * Access tokens for a connection's Salesforce calls, renewed with the stored refresh token before they
 * expire, after a 401 and when the grant idles. With rotation every refresh voids the refresh token it
 * sends, so a refresh runs in one process at a time (a lease on the row) and its answer is committed
 * before the new access token is used: the refresh token Salesforce now honours is never lost, and a
 * voided one is never sent again.
 */
export function createTokenRenewal(deps: {
  database: Database;
  secrets: SecretBox;
  api: SalesforceApi;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const { database, secrets, api, log, now } = deps;
  /** Renewals under way in this process, so that concurrent callers share one. */
  const flights = new Map<string, Promise<AccessGrant>>();

  const accessAt = (g: repo.Grant) => sealedAt.connectionAccessToken(g.tenantId, g.id);
  const refreshAt = (g: repo.Grant) => sealedAt.connectionRefreshToken(g.tenantId, g.id);

  function needsRenewal(grant: repo.Grant, at: number, staleVersion: number | undefined): boolean {
    if (staleVersion !== undefined && grant.tokenVersion === staleVersion) return true;
    if (!grant.accessToken || !grant.accessTokenExpiresAt || !grant.instanceUrl) return true;
    if (grant.accessTokenExpiresAt.getTime() - at <= RENEW_BEFORE_MS) return true;
    const usedAt = grant.tokenUsedAt ?? grant.connectedAt;
    return !usedAt || at - usedAt.getTime() >= KEEP_ALIVE_MS;
  }

  /** As the lease holder: the refresh grant, then its tokens committed (or the lease given back). */
  async function refreshHolding(grant: repo.Grant, leaseUntil: Date): Promise<AccessGrant> {
    const { tenantId, id } = grant;
    let tokens: Awaited<ReturnType<SalesforceApi['refresh']>>;
    try {
      tokens = await api.refresh(grant.organizationType, secrets.open(refreshAt(grant), grant.refreshToken!));
    } catch (error) {
      await database.tenant(tenantId, (tx) => repo.releaseLease(tenantId, tx, id, leaseUntil));
      throw error;
    }
    const issuedAt = tokens.issuedAt ?? now();
    const stored = await database.tenant(tenantId, (tx) =>
      repo.storeRenewal(
        tenantId,
        tx,
        id,
        { version: grant.tokenVersion, leaseUntil },
        {
          accessToken: secrets.seal(accessAt(grant), tokens.accessToken),
          refreshToken: tokens.refreshToken
            ? secrets.seal(refreshAt(grant), tokens.refreshToken)
            : grant.refreshToken!,
          accessTokenExpiresAt: new Date(issuedAt + ASSUMED_TOKEN_LIFE_MS),
          tokenUsedAt: new Date(now()),
          instanceUrl: tokens.instanceUrl,
        },
      ),
    );
    if (!stored) {
      // Deleted or logged in again meanwhile: these tokens serve nothing, and would hold an approval.
      if (tokens.refreshToken) void api.revoke(grant.organizationType, tokens.refreshToken);
      throw new NotConnectedError('The connection changed while its tokens were renewed');
    }
    const version = grant.tokenVersion + 1;
    // Only now that the tokens are committed: learn how long the access token really lives.
    const expiresAt = await api.expiryOf(grant.organizationType, tokens.accessToken);
    if (expiresAt) {
      await database
        .tenant(tenantId, (tx) => repo.storeExpiry(tenantId, tx, id, version, new Date(expiresAt)))
        .catch((error: unknown) => log.warn({ err: error }, 'token expiry not stored'));
    }
    return { accessToken: tokens.accessToken, version, instanceUrl: tokens.instanceUrl };
  }

  async function obtain(ref: { tenantId: string; id: string }, staleVersion?: number): Promise<AccessGrant> {
    const { tenantId, id } = ref;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const grant = await database.tenant(tenantId, (tx) => repo.readGrant(tenantId, tx, id));
      if (grant?.status !== 'connected' || !grant.refreshToken)
        throw new NotConnectedError('The connection holds no grant');
      const at = now();
      if (!needsRenewal(grant, at, staleVersion)) {
        return {
          accessToken: secrets.open(accessAt(grant), grant.accessToken!),
          version: grant.tokenVersion,
          instanceUrl: grant.instanceUrl!,
        };
      }
      const leased = grant.renewalLeaseUntil && grant.renewalLeaseUntil.getTime() >= at;
      if (!leased) {
        const leaseUntil = new Date(at + LEASE_MS);
        const took = await database.tenant(tenantId, (tx) =>
          repo.takeLease(tenantId, tx, id, grant.tokenVersion, new Date(at), leaseUntil),
        );
        if (took) return refreshHolding(grant, leaseUntil);
      }
      // Another process renews: wait for its tokens rather than voiding them with a refresh of our own.
      if (Date.now() > deadline) throw new SalesforceUnavailableError(true);
      await sleep(POLL_MS);
    }
  }

  return {
    /**
     * A working access token for the connection. `staleVersion`: the version whose token Salesforce
     * just refused (a 401); renewed unless another caller already did.
     */
    async accessTokenFor(
      ref: { tenantId: string; id: string },
      options: { staleVersion?: number } = {},
    ): Promise<AccessGrant> {
      const key = `${ref.tenantId}:${ref.id}`;
      for (;;) {
        const flying = flights.get(key);
        if (!flying) break;
        const shared = await flying;
        if (shared.version !== options.staleVersion) return shared;
      }
      const flight = obtain(ref, options.staleVersion).finally(() => flights.delete(key));
      flights.set(key, flight);
      return flight;
    },
  };
}

export type TokenRenewal = ReturnType<typeof createTokenRenewal>;
