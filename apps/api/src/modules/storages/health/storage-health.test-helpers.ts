import { type StorageCreate, storageEndpoints } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { apiCaller } from '../../../../test/api-caller.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/app.js';
import { startAzurite, type TestAzurite } from '../../../../test/azurite-server.js';
import { S3_TEST_KEYS, startS3Server, type TestS3Server } from '../../../../test/s3-server.js';
import { storageChecks, storages } from '../../../db/schema/index.js';

export const BUCKET = 'skyvault-backups';
export const CONTAINER = 'skyvault-backups';

/**
 * A test app whose storages live in a local S3 server (s3rver) and a local Azurite, both of which the
 * test can stop and start, and whose clock it moves (the hourly checks).
 */
export interface StorageTestApp extends TestApp {
  s3: TestS3Server;
  azure: TestAzurite;
  now: () => number;
  advance(ms: number): void;
}

export async function createStorageTestApp(env: Record<string, string> = {}): Promise<StorageTestApp> {
  const [s3, azure] = await Promise.all([
    startS3Server({ buckets: [BUCKET] }),
    startAzurite({ containers: [CONTAINER] }),
  ]);
  let offset = 0;
  const now = () => Date.now() + offset;
  const app = await createTestApp(
    {
      STORAGE_CUSTOM_ENDPOINTS: 'true',
      OUTBOUND_PRIVATE_NETWORKS: 'true',
      AZURE_BLOB_ENDPOINT: azure.blobEndpointTemplate,
      PUBLIC_URL: 'https://console.example.com',
      ...env,
    },
    { clock: now },
  );
  return {
    ...app,
    s3,
    azure,
    now,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      await Promise.all([s3.close(), azure.stop()]);
    },
  };
}

export const s3Credentials = (t: StorageTestApp, changes: Record<string, string> = {}) => ({
  region: 'us-east-1',
  bucketName: BUCKET,
  endpoint: t.s3.endpoint,
  ...S3_TEST_KEYS,
  ...changes,
});

export const azureKeyCredentials = (t: StorageTestApp, changes: Record<string, string> = {}) => ({
  accountName: t.azure.accountName,
  authentication: 'accountKey' as const,
  accountKey: t.azure.accountKey,
  containerName: CONTAINER,
  ...changes,
});

export const azureSasCredentials = (t: StorageTestApp, permissions: string) => ({
  accountName: t.azure.accountName,
  authentication: 'sasToken' as const,
  sasToken: t.azure.sas(permissions),
  containerName: CONTAINER,
});

export const s3Body = (
  t: StorageTestApp,
  name: string,
  changes: Record<string, string> = {},
): StorageCreate => ({
  name,
  type: 'AwsS3',
  credentials: s3Credentials(t, changes),
});

/** Creates a storage through the API (its test must pass unless `acceptFailedTest`) and answers its id. */
export async function createStorage(t: TestApp, u: TestUser, body: StorageCreate): Promise<string> {
  const res = await apiCaller(t).call(u, storageEndpoints.create, { body });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json().id;
}

/** The storage's row as stored. */
export async function storedStorage(t: TestApp, id: string) {
  const [row] = await t.database.system((tx) => tx.select().from(storages).where(eq(storages.id, id)));
  return row!;
}

/** How many checks a storage has, of any trigger. */
export async function checksOf(t: TestApp, id: string) {
  return t.database.system((tx) => tx.select().from(storageChecks).where(eq(storageChecks.storageId, id)));
}
