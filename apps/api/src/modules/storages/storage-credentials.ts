import {
  type AwsS3Credentials,
  type AzureBlobCredentials,
  MESSAGES,
  SECRET_CREDENTIAL_FIELDS,
  STORAGE_CREDENTIAL_LABELS,
  type Storage,
  type StorageType,
} from '@skyvault/contract';
import { invalidField } from '../../lib/errors.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import type { StorageRow } from './storages.repository.js';

/** Everything a storage needs to be reached, secrets included: what is sealed in its row. */
export type StoredCredentials = AwsS3Credentials | AzureBlobCredentials | Record<string, never>;

/**
 * Sealed for one storage row: another storage's credentials copied into it do not decrypt. Shared
 * storages belong to no tenant and are bound to the shared scope instead (platform/secrets/sealed-at.ts).
 */
export const sealCredentials = (
  secrets: SecretBox,
  storage: { tenantId: string | null; id: string },
  credentials: StoredCredentials,
) => secrets.seal(sealedAt.storageCredentials(storage.tenantId, storage.id), JSON.stringify(credentials));

export const openCredentials = (secrets: SecretBox, row: StorageRow): StoredCredentials =>
  row.credentials
    ? JSON.parse(secrets.open(sealedAt.storageCredentials(row.tenantId, row.id), row.credentials))
    : {};

/**
 * What the API answers about credentials: never the secret key. The access key ID stays readable:
 * AWS treats it as an identifier rather than a secret, and the edit form needs it to keep it.
 */
export function credentialsView(type: StorageType, credentials: StoredCredentials): Storage['credentials'] {
  if (type === 'AwsS3') {
    const { region, bucketName, accessKeyId, endpoint } = credentials as AwsS3Credentials;
    return { region, bucketName, accessKeyId, ...(endpoint ? { endpoint } : {}) };
  }
  if (type === 'AzureBlob') {
    // Stored before SAS tokens were offered, a storage has no `authentication`: it signs with the key.
    const { accountName, containerName, authentication = 'accountKey' } = credentials as AzureBlobCredentials;
    return { accountName, containerName, authentication };
  }
  return {};
}

/** The secret a kind's credentials sign with: Azure's depends on the chosen authentication. */
function secretFieldOf(type: 'AwsS3' | 'AzureBlob', credentials: Record<string, unknown>) {
  if (type === 'AwsS3') return 'secretAccessKey';
  return credentials.authentication === 'sasToken' ? 'sasToken' : 'accountKey';
}

/**
 * The credentials an edit stores. An empty (or absent) secret keeps the stored one, but only while the
 * kind and the way it signs stay the same: another kind's secret means nothing to the new one, so it
 * must be given. Only the secret in use is kept: an Azure storage moved to a SAS token forgets its
 * account key.
 */
export function withStoredSecret(
  stored: { type: StorageType; credentials: StoredCredentials },
  next: { type: StorageType; credentials: Record<string, string | undefined> },
): StoredCredentials {
  if (next.type === 'Local') return {};
  const field = secretFieldOf(next.type, next.credentials);
  const storedValues = stored.credentials as Record<string, string | undefined>;
  const sameKind =
    stored.type === next.type &&
    (next.type !== 'AzureBlob' || secretFieldOf('AzureBlob', storedValues) === field);
  const secret = next.credentials[field] || (sameKind ? storedValues[field] : undefined);
  if (!secret) {
    throw invalidField(`credentials.${field}`, MESSAGES.required(STORAGE_CREDENTIAL_LABELS[field]));
  }
  const kept = Object.entries(next.credentials).filter(
    ([name, value]) =>
      value !== undefined && value !== '' && !SECRET_CREDENTIAL_FIELDS.includes(name as never),
  );
  return { ...Object.fromEntries(kept), [field]: secret } as StoredCredentials;
}
