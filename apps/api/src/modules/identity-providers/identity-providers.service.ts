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
  SAML_MESSAGES,
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
import type { ReadMetadata, SamlSettings, SamlSettingsRow } from '../saml/index.js';
import * as repo from './identity-providers.repository.js';
import { IssuerError, type Issuers } from './issuers.js';

type ProviderInput = z.output<typeof identityProviderCreateSchema>;
type ProviderChange = z.output<typeof identityProviderPatchSchema>;
type ProviderListQuery = z.output<typeof identityProviderListQuerySchema>;

export const PROVIDER_NOT_FOUND = NOT_FOUND.identityProvider;
export const PROVIDER_NAME_TAKEN = NAME_TAKEN.identityProvider;
export const ICON_NOT_FOUND = NOT_FOUND.icon;

/**
 * A provider is SAML when it has SAML settings (its row's type says 'OpenId' for the previous release's
 * sake: migration 0035) or, as a later release may write, when its type says so.
 */
export const isSamlRow = (row: repo.IdentityProviderRow, saml: SamlSettingsRow | null | undefined) =>
  !!saml || (row.type as string) === 'Saml';

/** The client secret is write-only: it is never part of what the API answers. */
export function toIdentityProvider(
  row: repo.IdentityProviderRow,
  saml?: SamlSettingsRow | null,
  details?: SamlSettings['details'],
): IdentityProvider {
  const common = {
    id: row.id,
    name: row.name,
    active: row.active,
    buttonText: row.buttonText,
    buttonImageId: row.buttonImageId,
    defaultGroupId: row.defaultGroupId,
    credentialsExpireAt: row.credentialsExpireAt ? iso(row.credentialsExpireAt) : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
  if (saml && details) return { ...common, type: 'Saml', providerData: details(saml) };
  return { ...common, type: 'OpenId', providerData: { clientId: row.clientId, issuer: row.issuer } };
}

/** What the audit trail keeps: the sealed secret is redacted by its name and shows only as changed. */
const audited = (row: repo.IdentityProviderRow, saml?: SamlSettingsRow | null) => ({
  name: row.name,
  type: saml ? 'Saml' : row.type,
  active: row.active,
  buttonText: row.buttonText,
  buttonImageId: row.buttonImageId,
  defaultGroupId: row.defaultGroupId,
  // Not under its own name, which the trail would redact as a secret's: the date is no secret.
  expiresOn: row.credentialsExpireAt,
  ...(saml
    ? {
        idpEntityId: saml.idpEntityId,
        ssoUrl: saml.ssoUrl,
        metadataUrl: saml.metadataUrl,
        certificateNotAfter: saml.certificateNotAfter?.toISOString() ?? null,
        emailAttribute: saml.emailAttribute,
        firstNameAttribute: saml.firstNameAttribute,
        lastNameAttribute: saml.lastNameAttribute,
        clockSkewSeconds: saml.clockSkewSeconds,
        wantAssertionsSigned: saml.wantAssertionsSigned,
        allowIdpInitiated: saml.allowIdpInitiated,
      }
    : { clientId: row.clientId, issuer: row.issuer, clientSecret: row.clientSecret }),
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
function checkSecretFollowsIssuer(
  before: repo.IdentityProviderRow,
  providerData: { issuer?: string; clientSecret?: string },
) {
  const issuer = providerData.issuer;
  if (issuer !== undefined && issuer !== before.issuer && !providerData.clientSecret) {
    throw invalidField(SECRET_FIELD, MESSAGES.clientSecretForNewIssuer);
  }
}

/**
 * A tenant's identity providers, OpenID Connect and SAML 2.0 (administrators only), and the login
 * page's buttons for them. A new or changed issuer is discovered, and SAML metadata read (or fetched),
 * before it is saved, so that a wrong one is reported at its field rather than at someone's first sign-in.
 */
export function createIdentityProviderService(deps: {
  database: Database;
  secrets: SecretBox;
  issuers: Issuers;
  limiter: RateLimiter;
  saml: SamlSettings;
  /**
   * Refuses taking away the last active provider of a domain that enforces single sign-on (the domains
   * module's rule, passed in: that module reads this one's providers).
   */
  keepsEnforcedRoute: (tx: Executor, tenantId: string, providerId: string) => Promise<void>;
}) {
  const { database, secrets, issuers, limiter, saml, keepsEnforcedRoute } = deps;
  const answer = (row: repo.IdentityProviderRow, samlRow: SamlSettingsRow | null) =>
    toIdentityProvider(row, samlRow, saml.details);

  /** The provider and its SAML settings, or 404; `lock` before a save or a delete (see findProvider). */
  async function existing(tenantId: string, tx: Executor, id: string, options: { lock?: boolean } = {}) {
    const row = await repo.findProvider(tenantId, tx, id, options);
    if (!row) throw notFound(PROVIDER_NOT_FOUND);
    return { row, saml: await saml.find(tenantId, tx, id) };
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
      const before = await existing(actor.tenantId, tx, id, { lock: true });
      if (!active) await keepsEnforcedRoute(tx, actor.tenantId, id);
      const after = await repo.updateProvider(actor.tenantId, tx, id, { active });
      await recordAudit(tx, meta, {
        tenantId: actor.tenantId,
        actorId: actor.userId,
        action: active ? 'enable' : 'disable',
        targetType: 'identity-provider',
        targetId: id,
        targetName: after.name,
        before: audited(before.row, before.saml),
        after: audited(after, before.saml),
      });
      return answer(after, before.saml);
    });

  /** The columns an OpenID provider's row needs, for a SAML one (the previous release reads them). */
  const samlRowColumns = (tenantId: string, id: string, metadata: ReadMetadata) => ({
    clientId: '',
    // Sealed like any client secret, so that the re-sealing of old values finds a value it opens.
    clientSecret: secrets.seal(sealedAt.identityProviderClientSecret(tenantId, id), ''),
    issuer: metadata.parsed.entityId,
  });

  /**
   * A SAML provider's credentials end with its signing certificate unless the administrator gave a
   * date: metadata read anew (a create, or new metadata) brings its certificate's end, and a provider
   * without a date takes it, so the expiry warnings know it.
   */
  async function certificateEnd(
    tenantId: string,
    tx: Tx,
    row: repo.IdentityProviderRow,
    samlRow: SamlSettingsRow,
    given: string | null | undefined,
    metadataRead: boolean,
  ) {
    const notAfter = samlRow.certificateNotAfter;
    if (given || !notAfter) return row;
    if (!metadataRead && row.credentialsExpireAt) return row;
    if (row.credentialsExpireAt?.getTime() === notAfter.getTime()) return row;
    return repo.updateProvider(tenantId, tx, row.id, { credentialsExpireAt: notAfter });
  }

  async function create(actor: Actor, meta: RequestMeta, input: ProviderInput) {
    const { tenantId } = actor;
    const metadata = input.type === 'Saml' ? await saml.readMetadata(input.providerData) : null;
    if (input.type === 'OpenId') await discover(input.providerData.issuer);
    return database.tenant(tenantId, async (tx) => {
      await checkName(tenantId, tx, input.name);
      await checkReferences(tenantId, tx, input);
      const id = randomUUID();
      let row = await repo.insertProvider(tenantId, tx, {
        id,
        name: input.name,
        // A SAML provider's row keeps the previous release's only type (migration 0035).
        type: 'OpenId',
        buttonText: input.buttonText || defaultButtonText(input.name),
        buttonImageId: input.buttonImageId ?? null,
        defaultGroupId: input.defaultGroupId ?? null,
        ...(input.type === 'Saml'
          ? samlRowColumns(tenantId, id, metadata!)
          : {
              clientId: input.providerData.clientId,
              clientSecret: secrets.seal(
                sealedAt.identityProviderClientSecret(tenantId, id),
                input.providerData.clientSecret,
              ),
              issuer: input.providerData.issuer,
            }),
        credentialsExpireAt: expiryOf(input.credentialsExpireAt) ?? null,
      });
      const samlRow =
        input.type === 'Saml' ? await saml.insert(tenantId, tx, id, metadata!, input.providerData) : null;
      if (samlRow) row = await certificateEnd(tenantId, tx, row, samlRow, input.credentialsExpireAt, true);
      await recordAudit(tx, meta, {
        tenantId,
        actorId: actor.userId,
        action: 'create',
        targetType: 'identity-provider',
        targetId: row.id,
        targetName: row.name,
        after: audited(row, samlRow),
      });
      return answer(row, samlRow);
    });
  }

  /** A SAML provider's settings come with type 'Saml', an OpenID provider's without or with 'OpenId'. */
  function checkSameType(
    stored: { row: repo.IdentityProviderRow; saml: SamlSettingsRow | null },
    input: ProviderChange,
  ) {
    const storedSaml = isSamlRow(stored.row, stored.saml);
    const inputSaml = input.type === 'Saml';
    const inputOpenId =
      input.type === 'OpenId' || (input.type === undefined && input.providerData !== undefined);
    if ((storedSaml && inputOpenId) || (!storedSaml && inputSaml)) {
      throw invalidField('type', SAML_MESSAGES.typeChange);
    }
  }

  async function update(actor: Actor, meta: RequestMeta, id: string, input: ProviderChange) {
    const { tenantId } = actor;
    const current = await database.tenant(tenantId, (tx) => existing(tenantId, tx, id));
    checkSameType(current, input);
    const openId = input.type === 'Saml' ? undefined : input.providerData;
    const samlInput = input.type === 'Saml' ? input.providerData : undefined;
    if (openId) checkSecretFollowsIssuer(current.row, openId);
    if (openId?.issuer !== undefined && openId.issuer !== current.row.issuer) await discover(openId.issuer);
    const metadata = samlInput ? await saml.readMetadata(samlInput) : null;
    return database.tenant(tenantId, async (tx) => {
      const before = await existing(tenantId, tx, id, { lock: true });
      checkSameType(before, input);
      if (openId) checkSecretFollowsIssuer(before.row, openId);
      if (input.name !== undefined) await checkName(tenantId, tx, input.name, id);
      await checkReferences(tenantId, tx, input);
      const name = input.name ?? before.row.name;
      const secret = openId?.clientSecret;
      let after = await repo.updateProvider(tenantId, tx, id, {
        name: input.name,
        // Emptied: back to 'Connect {name}' (with the new name when it changes too).
        buttonText: input.buttonText === '' ? defaultButtonText(name) : input.buttonText,
        buttonImageId: input.buttonImageId,
        defaultGroupId: input.defaultGroupId,
        clientId: openId?.clientId,
        // A SAML provider's issuer is its identity provider's entity id.
        issuer: openId?.issuer ?? metadata?.parsed.entityId,
        // Left out: the stored secret stays.
        clientSecret: secret
          ? secrets.seal(sealedAt.identityProviderClientSecret(tenantId, id), secret)
          : undefined,
        credentialsExpireAt: expiryOf(input.credentialsExpireAt),
      });
      const samlAfter =
        before.saml && samlInput ? await saml.update(tenantId, tx, id, metadata, samlInput) : before.saml;
      if (samlAfter) {
        after = await certificateEnd(tenantId, tx, after, samlAfter, input.credentialsExpireAt, !!metadata);
      }
      await recordAudit(tx, meta, {
        tenantId,
        actorId: actor.userId,
        action: 'update',
        targetType: 'identity-provider',
        targetId: id,
        targetName: after.name,
        before: audited(before.row, before.saml),
        after: audited(after, samlAfter),
      });
      if (after.issuer !== before.row.issuer) await unlinkAccounts(tenantId, tx, meta, actor, before.row);
      return answer(after, samlAfter);
    });
  }

  return {
    async list(actor: Actor, query: ProviderListQuery) {
      return database.tenant(actor.tenantId, async (tx) => {
        const { rows, count } = await repo.listProviders(actor.tenantId, tx, query);
        const samlRows = await saml.byProvider(
          actor.tenantId,
          tx,
          rows.map((row) => row.id),
        );
        return {
          identityProviders: rows.map((row) => answer(row, samlRows.get(row.id) ?? null)),
          total: count,
        };
      });
    },
    get: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        const found = await existing(actor.tenantId, tx, id);
        return answer(found.row, found.saml);
      }),
    create,
    update,
    enable: (actor: Actor, meta: RequestMeta, id: string) => setActive(actor, meta, id, true),
    disable: (actor: Actor, meta: RequestMeta, id: string) => setActive(actor, meta, id, false),
    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const before = await existing(tenantId, tx, id, { lock: true });
        await keepsEnforcedRoute(tx, tenantId, id);
        await repo.deleteProvider(tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'identity-provider',
          targetId: id,
          targetName: before.row.name,
          before: audited(before.row, before.saml),
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
