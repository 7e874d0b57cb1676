import type { AwsS3Credentials, AzureBlobCredentials } from '@skyvault/contract';
import type { Database, Executor } from '../../db/client.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { openStorageSession } from './probe/open-session.js';
import type { StorageProbeOptions } from './probe/types.js';
import { openCredentials } from './storage-credentials.js';
import * as repo from './storages.repository.js';

/**
 * Writes objects into a tenant's own S3 bucket or Azure container (a log stream's files), with the
 * clients the storage test uses: the same outbound guard, time-out and credentials.
 */
export function createStorageWriter(deps: {
  database: Database;
  secrets: SecretBox;
  options: StorageProbeOptions;
}) {
  return {
    /** The kind of one of the tenant's own storages (not a shared one); null when it has none by that id. */
    async kindOf(tenantId: string, db: Executor, id: string) {
      const row = await repo.findStorage(tenantId, db, id);
      return row && row.tenantId === tenantId ? row.type : null;
    },
    /** Writes `body` at `key`; throws the SDK's error (the caller words it). */
    async write(tenantId: string, id: string, key: string, body: string): Promise<void> {
      const row = await deps.database.tenant(tenantId, (tx) => repo.findStorage(tenantId, tx, id));
      if (!row || row.tenantId !== tenantId) throw new Error('The storage no longer exists.');
      if (row.type === 'Local') throw new Error('The storage is not an S3 or Azure storage.');
      const credentials = openCredentials(deps.secrets, row);
      const session = await openStorageSession(
        row.type === 'AwsS3'
          ? { type: 'AwsS3', credentials: credentials as AwsS3Credentials }
          : { type: 'AzureBlob', credentials: credentials as AzureBlobCredentials },
        deps.options,
      );
      try {
        await session.write(key, body);
      } finally {
        session.close();
      }
    },
  };
}

export type StorageWriter = ReturnType<typeof createStorageWriter>;
