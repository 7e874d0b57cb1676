import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { stringWith } from './text.js';

/**
 * Storage credentials keep the spec's own messages ('{Field} is required', 'Minimum length is N
 * characters', 'Maximum length is N characters', '{Field} cannot be contain only spaces'). They are not
 * trimmed: a value of spaces only must reach the only-spaces check rather than read as missing, and keys
 * are taken exactly as the cloud provider issued them.
 */
export const STORAGE_CREDENTIAL_LABELS = {
  region: 'Region',
  bucketName: 'Bucket name',
  accessKeyId: 'Access key ID',
  secretAccessKey: 'Secret access key',
  accountName: 'Account name',
  accountKey: 'Account key',
  containerName: 'Container name',
} as const;
export type StorageCredentialField = keyof typeof STORAGE_CREDENTIAL_LABELS;

/** Bounds per field: AWS S3 and Azure Blob naming limits as the spec gives them. */
export const STORAGE_CREDENTIAL_BOUNDS: Record<StorageCredentialField, { min?: number; max: number }> = {
  region: { max: 255 },
  bucketName: { min: 3, max: 63 },
  accessKeyId: { min: 16, max: 128 },
  secretAccessKey: { min: 16, max: 128 },
  accountName: { min: 3, max: 24 },
  accountKey: { min: 3, max: 88 },
  containerName: { min: 3, max: 63 },
};

export function credentialRule(field: StorageCredentialField) {
  const label = STORAGE_CREDENTIAL_LABELS[field];
  const { min, max } = STORAGE_CREDENTIAL_BOUNDS[field];
  const missing = MESSAGES.required(label);
  let rule = stringWith(missing).min(1, { error: missing, abort: true });
  if (min !== undefined) rule = rule.min(min, { error: MESSAGES.minCharacters(min), abort: true });
  return rule
    .max(max, { error: MESSAGES.maxCharacters(max), abort: true })
    .refine((value) => value.trim() !== '', { error: MESSAGES.onlySpaces(label), abort: true });
}

export const awsS3CredentialsSchema = z.object({
  region: credentialRule('region'),
  bucketName: credentialRule('bucketName'),
  accessKeyId: credentialRule('accessKeyId'),
  secretAccessKey: credentialRule('secretAccessKey'),
});
export type AwsS3Credentials = z.infer<typeof awsS3CredentialsSchema>;

export const azureBlobCredentialsSchema = z.object({
  accountName: credentialRule('accountName'),
  accountKey: credentialRule('accountKey'),
  containerName: credentialRule('containerName'),
});
export type AzureBlobCredentials = z.infer<typeof azureBlobCredentialsSchema>;

/** Local storage is the platform's own; it takes no credentials. */
export const localCredentialsSchema = z.object({});

/** Fields that are secrets: written, never read back. */
export const SECRET_CREDENTIAL_FIELDS = ['secretAccessKey', 'accountKey'] as const;
