import { and, eq, getTableColumns, isNotNull, like } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  applications,
  connections,
  identityProviders,
  mfaDevices,
  oauthStates,
  oidcKeys,
  storages,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { sealedAt } from './sealed-at.js';
import type { SealedAt, SecretBox } from './secrets.js';

/** Where re-sealing reports: the server's log, or the command line's output. */
export interface ResealLog {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
}

interface SealedColumn {
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
const SEALED_COLUMNS: SealedColumn[] = [
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
    table: oidcKeys,
    key: oidcKeys.kid,
    tenant: null,
    column: oidcKeys.privateJwk,
    at: (_tenantId, kid) => sealedAt.signingKey(kid),
  },
];

/**
 * Rewrites the values sealed before v2 (bound to their tenant only) as v2, bound to their row and
 * column, so that no value stays swappable between rows until its next change. Runs at every start
 * and finds nothing once done; several processes may run it at once: a row changes only while it
 * still holds the value read. A value that does not open is left as it was and reported.
 */
export async function resealLegacySecrets(
  database: Database,
  secrets: SecretBox,
  log: ResealLog,
): Promise<number> {
  const resealed = await reseal(database, secrets, log, 'legacy');
  if (resealed > 0) log.info({ resealed }, 'older sealed secrets bound to their rows');
  return resealed;
}

/**
 * `secrets reencrypt` after a SECRETS_KEY rotation: every value not sealed as v2 with the current
 * key (sealed with SECRETS_KEY_PREVIOUS, or older than v2) is sealed anew, so that the previous key
 * can then be dropped. Safe to run again and while servers run, like the start-up re-seal.
 */
export function reencryptSecrets(database: Database, secrets: SecretBox, log: ResealLog) {
  return reseal(database, secrets, log, 'not-current');
}

async function reseal(
  database: Database,
  secrets: SecretBox,
  log: ResealLog,
  which: 'legacy' | 'not-current',
): Promise<number> {
  let resealed = 0;
  for (const sealed of SEALED_COLUMNS) {
    const rows = await database.system((tx) =>
      tx
        .select({ key: sealed.key, tenantId: sealed.tenant ?? sealed.key, value: sealed.column })
        .from(sealed.table)
        .where(which === 'legacy' ? like(sealed.column, 'v1.%') : isNotNull(sealed.column)),
    );
    // update().set() names columns by their property, not their SQL name.
    const property = Object.entries(getTableColumns(sealed.table)).find(([, c]) => c === sealed.column)![0];
    for (const row of rows) {
      const key = String(row.key);
      const value = String(row.value);
      const at = sealed.at(sealed.tenant ? (row.tenantId as string | null) : null, key);
      if (which === 'not-current' && secrets.isCurrent(at, value)) continue;
      let plaintext: string;
      try {
        plaintext = secrets.open(at, value);
      } catch {
        log.warn(
          { table: at.table, field: at.field, id: key },
          'a sealed value does not open; left as it was',
        );
        continue;
      }
      await database.system((tx) =>
        tx
          .update(sealed.table)
          .set({ [property]: secrets.seal(at, plaintext) })
          .where(and(eq(sealed.key, key), eq(sealed.column, value))),
      );
      resealed += 1;
    }
  }
  return resealed;
}
