import { type StorageCreate, storageEndpoints } from '@skyvault/contract';
import { apiCaller } from '../../../test/api-caller.js';
import type { TestApp, TestUser } from '../../../test/app.js';

/** Secrets that are easy to search for in any answer or row. */
export const AWS_SECRET = 'aws-SECRET-never-shown-0123456789';
export const AZURE_SECRET = 'azure-SECRET-never-shown-0123456789';

export const awsCredentials = {
  region: 'eu-west-1',
  bucketName: 'acme-backups',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: AWS_SECRET,
};

export const azureCredentials = {
  accountName: 'acmestorage',
  accountKey: AZURE_SECRET,
  containerName: 'backups',
};

/**
 * Bodies of storages in clouds these tests cannot reach: each fails its test before it is saved, so it
 * is saved as confirmed anyway (and kept unhealthy). The health tests use local S3 and Azure servers.
 */
export const awsBody = (name = 'aws-main') => ({
  name,
  type: 'AwsS3' as const,
  credentials: awsCredentials,
  acceptFailedTest: true,
});
export const azureBody = (name = 'azure-main') => ({
  name,
  type: 'AzureBlob' as const,
  credentials: azureCredentials,
  acceptFailedTest: true,
});
export const localBody = (name = 'local-main') => ({ name, type: 'Local' as const });

/** Creates a storage through the API and returns its id. */
export async function createStorage(t: TestApp, u: TestUser, body: StorageCreate): Promise<string> {
  return (await apiCaller(t).call(u, storageEndpoints.create, { body })).result().id;
}
