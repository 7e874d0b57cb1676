import type { Storage, StorageCheck, StorageHealth } from '@skyvault/contract';

/** A storage no check has reached yet. */
export const notChecked: StorageHealth = {
  status: null,
  problem: null,
  checkedAt: null,
  lastSuccessAt: null,
  changedAt: null,
  properties: null,
};

/** Rows as the API lists them: the tenant's own storages and one shared by the platform. */
export const awsRow: Storage = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  name: 'aws-main',
  type: 'AwsS3',
  isSharedStorage: false,
  credentials: { region: 'eu-west-1', bucketName: 'acme-backups', accessKeyId: 'AKIAIOSFODNN7EXAMPLE' },
  health: notChecked,
  createdAt: '2025-03-04T14:05:00.000Z',
  updatedAt: '2025-03-04T14:05:00.000Z',
};

export const azureRow: Storage = {
  id: '4a2d3c5b-6e7f-4a81-9b0c-1d2e3f4a5b6c',
  name: 'azure-main',
  type: 'AzureBlob',
  isSharedStorage: false,
  credentials: { accountName: 'acmestorage', containerName: 'backups', authentication: 'accountKey' },
  health: notChecked,
  createdAt: '2025-03-03T14:05:00.000Z',
  updatedAt: '2025-03-03T14:05:00.000Z',
};

export const sharedRow: Storage = {
  id: '5b3e4d6c-7f80-4b92-8c1d-2e3f4a5b6c7d',
  name: 'platform-local',
  type: 'Local',
  isSharedStorage: true,
  credentials: {},
  health: notChecked,
  createdAt: '2025-03-01T14:05:00.000Z',
  updatedAt: '2025-03-01T14:05:00.000Z',
};

export const listOf = (...rows: Storage[]) => ({ body: { rows, count: rows.length } });

/** What the platform allows in the storage forms: AWS's own endpoints only, unless a test says otherwise. */
export const settingsOf = (customEndpoints = false) => ({ body: { customEndpoints } });

/** Local time, so the expected text holds in any time zone. */
export const CHECKED_AT = new Date(2025, 2, 7, 8, 15).toISOString();
export const LAST_SUCCESS_AT = new Date(2025, 2, 6, 8, 15).toISOString();

/** A storage whose last check passed. */
export const healthy: StorageHealth = {
  status: 'Healthy',
  problem: null,
  checkedAt: CHECKED_AT,
  lastSuccessAt: CHECKED_AT,
  changedAt: CHECKED_AT,
  properties: { versioning: 'Enabled', immutability: 'Disabled', encryption: 'SSE-S3' },
};

export const BUCKET_MISSING = 'No bucket of this name exists. Check the name, or create the bucket first.';

/** A storage whose bucket went missing. */
export const bucketMissing: StorageHealth = {
  status: 'Unhealthy',
  problem: {
    kind: 'BucketNotFound',
    permission: null,
    actualRegion: null,
    field: 'credentials.bucketName',
    message: BUCKET_MISSING,
  },
  checkedAt: CHECKED_AT,
  lastSuccessAt: LAST_SUCCESS_AT,
  changedAt: CHECKED_AT,
  properties: null,
};

export const checkOf = (overrides: Partial<StorageCheck>): StorageCheck => ({
  id: '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
  checkedAt: CHECKED_AT,
  trigger: 'schedule',
  status: 'Healthy',
  problem: null,
  message: null,
  durationMs: 180,
  ...overrides,
});
