import type { lookup } from 'node:dns';
import type { AwsS3Credentials, AzureBlobCredentials } from '@skyvault/contract';

export interface StorageProbeOptions {
  /** How long one call to the storage may take (STORAGE_TIMEOUT_MS). */
  timeoutMs: number;
  /** OUTBOUND_PRIVATE_NETWORKS: whether an endpoint may be in this machine's or a private network. */
  allowPrivateNetworks: boolean;
  /** AZURE_BLOB_ENDPOINT: the blob address with {account} standing for the account's name. */
  azureBlobEndpoint: string;
  /** The name resolver (the system's); tests give their own. */
  resolve?: typeof lookup;
}

export type StorageProbeTarget =
  | { type: 'AwsS3'; credentials: AwsS3Credentials }
  | { type: 'AzureBlob'; credentials: AzureBlobCredentials };
