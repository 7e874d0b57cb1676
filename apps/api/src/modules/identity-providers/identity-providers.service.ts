import { randomUUID } from 'node:crypto';
import {
  defaultButtonText,
  expiryInstant,
  type IdentityProvider,
  type identityProviderCreateSchema,
  type identityProviderListQuerySchema,
  type identityProviderPatchSchema,
  type LoginButton,
  MESSAGES,
  NAME_TAKEN,
  NOT_FOUND,
  ssoStartPath,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database, Executor, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { addressKey } from '../../platform/rate-limits/address-key.js';
import type { RateLimiter } from '../../platform/rate-limits/rate-limits.service.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { groupForAssignment, missingReference } from '../groups/index.js';
import * as repo from './identity-providers.repository.js';
import { IssuerError, type Issuers } from './issuers.js';

type ProviderInput = z.output<typeof identityProviderCreateSchema>;
type ProviderChange = z.output<typeof identityProviderPatchSchema>;
type ProviderListQuery = z.output<typeof identityProviderListQuerySchema>;

export const PROVIDER_NOT_FOUND = NOT_FOUND.identityProvider;
export const PROVIDER_NAME_TAKEN = NAME_TAKEN.identityProvider;
export const ICON_NOT_FOUND = NOT_FOUND.icon;

/** The client secret is write-only: it is never part of what the API answers. */
export const toIdentityProvider = (row: repo.IdentityProviderRow): IdentityProvider => ({
  id: row.id,
  name: row.name,
  type: row.type,
  active: row.active,
  buttonText: row.buttonText,
  buttonImageId: row.buttonImageId,
  defaultGroupId: row.defaultGroupId,
  providerData: { clientId: row.clientId, issuer: row.issuer },
  credentialsExpireAt: row.credentialsExpireAt ? iso(row.credentialsExpireAt) : null,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** What the audit trail keeps: the sealed secret is redacted by its name and shows only as changed. */
const audited = (row: repo.IdentityProviderRow) => ({
  name: row.name,
  type: row.type,
  active: row.active,
  buttonText: row.buttonText,
  buttonImageId: row.buttonImageId,
  defaultGroupId: row.defaultGroupId,
  clientId: row.clientId,
  issuer: row.issuer,
  clientSecret: row.clientSecret,
  // Not under its own name, which the trail would redact as a secret's: the date is no secret.
  expiresOn: row.credentialsExpireAt,
});

/** The form's "Expires on" date as stored: undefined keeps, null clears. */
const expiryOf = (date: string | null | undefined) =>
  date === undefined ? undefined : date === null ? null : new Date(expiryInstant(date));

const ISSUER_FIELD = 'providerData.issuer';
const SECRET_FIELD = 'providerData.clientSecret';

/**
 * The stored client secret was entered for one issuer: a new issuer gets a secret entered for it, or
 * the next sign-in would send the old one to its token endpoint.
 */
function checkSecretFollowsIssuer(before: repo.IdentityProviderRow, input: ProviderChange) {
  const issuer = input.providerData?.issuer;
  if (issuer !== undefined && issuer !== before.issuer && !input.providerData?.clientSecret) {
    throw invalidField(SECRET_FIELD, MESSAGES.clientSecretForNewIssuer);
  }
}

/**
 * A tenant's OpenID Connect providers (administrators only), and the login page's buttons for them.
 * A new or changed issuer is discovered before it is saved, so that a wrong one is reported at its
 * field rather than at someone's first sign-in.
 */
export function createIdentityProviderService(deps: {
  database: Database;
  secrets: SecretBox;
  issuers: Issuers;
  limiter: RateLimiter;
}) {
  const { database, secrets, issuers, limiter } = deps;

  async function existing(tenantId: string, tx: Executor, id: string) {
    const row = await repo.findProvider(tenantId, tx, id);
    if (!row) throw notFound(PROVIDER_NOT_FOUND);
    return row;
  }

  async function checkName(tenantId: string, tx: Executor, name: string, exceptId?: string) {
    if (await repo.nameTaken(tenantId, tx, name, exceptId)) {
      throw conflict(PROVIDER_NAME_TAKEN, { name: PROVIDER_NAME_TAKEN });
    }
  }

  /** The button image and the default group must be the tenant's own: another tenant's id is unknown here. */
  async function checkReferences(
    tenantId: string,
    tx: Executor,
    input: { buttonImageId?: string | null; defaultGroupId?: string | null },
  ) {
    if (input.buttonImageId && !(await repo.iconExists(tenantId, tx, input.buttonImageId))) {
      throw missingReference('buttonImageId', ICON_NOT_FOUND);
    }
    if (input.defaultGroupId) await groupForAssignment(tenantId, tx, input.defaultGroupId, 'defaultGroupId');
  }

  /** Outside any transaction: the provider may take seconds to answer. */
  async function discover(issuer: string) {
    try {
      await issuers.check(issuer);
    } catch (error) {
      if (error instanceof IssuerError) throw invalidField(ISSUER_FIELD, error.message);
      throw error;
    }
  }

  /**
   * A subject names an account at one issuer only: at a new issuer the same subject may be someone else,
   * who must not inherit the account linked at the old one. Each user's link is audited as removed.
   */
  async function unlinkAccounts(
    tenantId: string,
    tx: Tx,
    meta: RequestMeta,
    actor: Actor,
    before: repo.IdentityProviderRow,
  ) {
    for (const link of await repo.deleteProviderLinks(tenantId, tx, before.id)) {
      await recordAudit(tx, meta, {
        tenantId,
        actorId: actor.userId,
        action: 'unlink-identity',
        targetType: 'user',
        targetId: link.userId,
        before: { identityProviderId: before.id, subject: link.subject, issuer: before.issuer },
      });
    }
  }

  /** Enable and Disable: one field, audited as the action. */
  const setActive = (actor: Actor, meta: RequestMeta, id: string, active: boolean) =>
    database.tenant(actor.tenantId, async (tx) => {
      const before = await existing(actor.tenantId, tx, id);
      const after = await repo.updateProvider(actor.tenantId, tx, id, { active });
      await recordAudit(tx, meta, {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        action: active ? 'enable' : 'disable',
        targetType: 'identity-provider',
        targetId: id,
        targetName: after.name,
        before: audited(before),
        after: audited(after),
      });
      return toIdentityProvider(after);
    });

  return {
    async list(actor: Actor, query: ProviderListQuery) {
      const { rows, count } = await database.tenant(actor.tenantId, (tx) =>
        repo.listProviders(actor.tenantId, tx, query),
      );
      return { identityProviders: rows.map(toIdentityProvider), total: count };
    },

    get: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) =>
        toIdentityProvider(await existing(actor.tenantId, tx, id)),
      ),

    async create(actor: Actor, meta: RequestMeta, input: ProviderInput) {
      const { tenantId } = actor;
      await discover(input.providerData.issuer);
      return database.tenant(tenantId, async (tx) => {
        await checkName(tenantId, tx, input.name);
        await checkReferences(tenantId, tx, input);
        const id = randomUUID();
        const row = await repo.insertProvider(tenantId, tx, {
          id,
          name: input.name,
          type: input.type,
          buttonText: input.buttonText || defaultButtonText(input.name),
          buttonImageId: input.buttonImageId ?? null,
          defaultGroupId: input.defaultGroupId ?? null,
          clientId: input.providerData.clientId,
          clientSecret: secrets.seal(
            sealedAt.identityProviderClientSecret(tenantId, id),
            input.providerData.clientSecret,
          ),
          issuer: input.providerData.issuer,
          credentialsExpireAt: expiryOf(input.credentialsExpireAt) ?? null,
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'identity-provider',
          targetId: row.id,
          targetName: row.name,
          after: audited(row),
        });
        return toIdentityProvider(row);
      });
    },

    async update(actor: Actor, meta: RequestMeta, id: string, input: ProviderChange) {
      const { tenantId } = actor;
      const current = await database.tenant(tenantId, (tx) => existing(tenantId, tx, id));
      checkSecretFollowsIssuer(current, input);
      const issuer = input.providerData?.issuer;
      if (issuer !== undefined && issuer !== current.issuer) await discover(issuer);
      return database.tenant(tenantId, async (tx) => {
        const before = await existing(tenantId, tx, id);
        checkSecretFollowsIssuer(before, input);
        if (input.name !== undefined) await checkName(tenantId, tx, input.name, id);
        await checkReferences(tenantId, tx, input);
        const name = input.name ?? before.name;
        const secret = input.providerData?.clientSecret;
        const after = await repo.updateProvider(tenantId, tx, id, {
          name: input.name,
          type: input.type,
          // Emptied: back to 'Connect {name}' (with the new name when it changes too).
          buttonText: input.buttonText === '' ? defaultButtonText(name) : input.buttonText,
          buttonImageId: input.buttonImageId,
          defaultGroupId: input.defaultGroupId,
          clientId: input.providerData?.clientId,
          issuer,
          // Left out: the stored secret stays.
          clientSecret: secret
            ? secrets.seal(sealedAt.identityProviderClientSecret(tenantId, id), secret)
            : undefined,
          credentialsExpireAt: expiryOf(input.credentialsExpireAt),
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'identity-provider',
          targetId: id,
          targetName: after.name,
          before: audited(before),
          after: audited(after),
        });
        if (after.issuer !== before.issuer) await unlinkAccounts(tenantId, tx, meta, actor, before);
        return toIdentityProvider(after);
      });
    },

    enable: (actor: Actor, meta: RequestMeta, id: string) => setActive(actor, meta, id, true),
    disable: (actor: Actor, meta: RequestMeta, id: string) => setActive(actor, meta, id, false),

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const before = await existing(tenantId, tx, id);
        await repo.deleteProvider(tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'identity-provider',
          targetId: id,
          targetName: before.name,
          before: audited(before),
        });
      });
    },

    /**
     * The buttons of a tenant's active providers. An unknown tenant answers the same empty list as a
     * tenant without providers, so the call tells nobody which tenant names exist.
     */
    async loginButtons(
      input: { tenantName: string; state?: string },
      meta: RequestMeta,
    ): Promise<LoginButton[]> {
      await limiter.consume(`sso:ip:${addressKey(meta.ip)}`, 'ssoStartsPerAddress');
      const rows = await database.system((tx) => repo.activeProvidersOfTenant(tx, input.tenantName));
      const query = input.state ? `?${new URLSearchParams({ state: input.state })}` : '';
      return rows.map((row) => ({
        buttonText: row.buttonText,
        redirectUrl: `${ssoStartPath(row.id)}${query}`,
        buttonImageId: row.buttonImageId,
      }));
    },
  };
}

export type IdentityProviderService = ReturnType<typeof createIdentityProviderService>;

/**
 * The tenant's provider, for the modules that keep settings per provider (group mapping); another
 * tenant's id is not found.
 */
export async function tenantProvider(tenantId: string, db: Executor, id: string) {
  const row = await repo.findProvider(tenantId, db, id);
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  return row;
}
