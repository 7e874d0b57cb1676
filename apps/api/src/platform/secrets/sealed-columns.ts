import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  applications,
  connections,
  identityProviders,
  logStreams,
  mfaDevices,
  oauthStates,
  oidcKeys,
  outboxMessages,
  samlIdentityProviders,
  storages,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { sealedAt } from './sealed-at.js';
import type { SealedAt } from './secrets.js';

/** A column of sealed values, and how to name the place each of its values is bound to. */
export interface SealedColumn {
  table: PgTable;
  /** What names the row in its binding: the primary key, or the state's hash. */
  key: PgColumn;
  tenant: PgColumn | null;
  column: PgColumn;
  at: (tenantId: string | null, key: string) => SealedAt;
}

const tenantOnly =
  (at: (tenantId: string, key: string) => SealedAt) => (tenantId: string | null, key: string) =>
    at(tenantId!, key);

/** Every sealed column (sealed-at.ts lists their bindings). */
export const SEALED_COLUMNS: SealedColumn[] = [
  {
    table: logStreams,
    key: logStreams.id,
    tenant: logStreams.tenantId,
    column: logStreams.secret,
    at: tenantOnly(sealedAt.logStreamSecret),
  },
  {
    table: applications,
    key: applications.id,
    tenant: applications.tenantId,
    column: applications.clientSecret,
    at: tenantOnly(sealedAt.applicationClientSecret),
  },
  {
    table: identityProviders,
    key: identityProviders.id,
    tenant: identityProviders.tenantId,
    column: identityProviders.clientSecret,
    at: tenantOnly(sealedAt.identityProviderClientSecret),
  },
  {
    table: samlIdentityProviders,
    key: samlIdentityProviders.providerId,
    tenant: samlIdentityProviders.tenantId,
    column: samlIdentityProviders.spPrivateKey,
    at: tenantOnly(sealedAt.samlSpPrivateKey),
  },
  {
    table: mfaDevices,
    key: mfaDevices.id,
    tenant: mfaDevices.tenantId,
    column: mfaDevices.secret,
    at: tenantOnly(sealedAt.mfaDeviceSecret),
  },
  ...(
    [
      [connections.encryptionKey, sealedAt.connectionEncryptionKey],
      [connections.accessToken, sealedAt.connectionAccessToken],
      [connections.refreshToken, sealedAt.connectionRefreshToken],
    ] as const
  ).map(([column, at]) => ({
    table: connections,
    key: connections.id,
    tenant: connections.tenantId,
    column,
    at: tenantOnly(at),
  })),
  ...(
    [
      [webhookEndpoints.secret, sealedAt.webhookSecret],
      [webhookEndpoints.previousSecret, sealedAt.webhookPreviousSecret],
      [webhookEndpoints.urlSealed, sealedAt.webhookUrl],
    ] as const
  ).map(([column, at]) => ({
    table: webhookEndpoints,
    key: webhookEndpoints.id,
    tenant: webhookEndpoints.tenantId,
    column,
    at: tenantOnly(at),
  })),
  {
    table: oauthStates,
    key: oauthStates.stateHash,
    tenant: oauthStates.tenantId,
    column: oauthStates.codeVerifier,
    at: tenantOnly(sealedAt.oauthStateCodeVerifier),
  },
  {
    table: storages,
    key: storages.id,
    tenant: storages.tenantId,
    column: storages.credentials,
    at: sealedAt.storageCredentials,
  },
  {
    table: outboxMessages,
    key: outboxMessages.id,
    tenant: outboxMessages.tenantId,
    column: outboxMessages.body,
    at: sealedAt.outboxBody,
  },
  {
    table: oidcKeys,
    key: oidcKeys.kid,
    tenant: null,
    column: oidcKeys.privateJwk,
    at: (_tenantId, kid) => sealedAt.signingKey(kid),
  },
];

/**
 * Whether a query failed because its table does not exist: a database whose migrations skipped one
 * (an older release's journal out of order) is reported and passed over, not a stop of `migrate`.
 */
export const isMissingTable = (error: unknown) =>
  ((error as { cause?: { code?: string } }).cause ?? (error as { code?: string })).code === '42P01';
