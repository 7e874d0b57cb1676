import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { STORAGE_MESSAGES } from '../storage-messages.js';
import { emptyOr, stringWith } from './text.js';

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
  sasToken: 'SAS token',
  endpoint: 'Endpoint',
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
  // A container SAS runs to some 200 characters; one with an IP range and an identifier, a few more.
  sasToken: { max: 2048 },
  endpoint: { max: 2048 },
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

/** An S3-compatible endpoint as an absolute http(s) URL without credentials, query or fragment. */
const ENDPOINT_URL = /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i;

/** A container SAS as Azure shows it (with or without its leading '?'): signed (`sig=`) with permissions (`sp=`). */
const SAS_TOKEN = /^\??(?=.*(?:^|&)sig=[^&]+)(?=.*(?:^|&)sp=[^&]+)[A-Za-z0-9%=&_.:,+/-]+$/;

export const awsS3CredentialsSchema = z.object({
  region: credentialRule('region'),
  bucketName: credentialRule('bucketName'),
  accessKeyId: credentialRule('accessKeyId'),
  secretAccessKey: credentialRule('secretAccessKey'),
  /**
   * An S3-compatible service's address instead of AWS's (ours, beyond the spec). Accepted only where
   * the platform's operator enables custom endpoints (STORAGE_CUSTOM_ENDPOINTS); empty or absent: AWS.
   */
  endpoint: emptyOr(
    credentialRule('endpoint').refine((value) => ENDPOINT_URL.test(value), {
      error: STORAGE_MESSAGES.endpointFormat,
    }),
  ).optional(),
});
export type AwsS3Credentials = z.infer<typeof awsS3CredentialsSchema>;

/**
 * How a storage signs in to Azure: the account key (the spec's field), or a SAS token limited to the
 * container (ours: the least privilege an administrator can give a backup product).
 */
export const AZURE_AUTHENTICATIONS = ['accountKey', 'sasToken'] as const;
export type AzureAuthentication = (typeof AZURE_AUTHENTICATIONS)[number];
export const AZURE_AUTHENTICATION_LABELS: Record<AzureAuthentication, string> = {
  accountKey: 'Account key',
  sasToken: 'SAS token',
};

const sasTokenRule = credentialRule('sasToken').refine((value) => SAS_TOKEN.test(value), {
  error: STORAGE_MESSAGES.sasTokenFormat,
});

/**
 * Each secret is checked when given; which one the chosen authentication needs is checked by
 * the refinements below, so that the edit form (where an empty secret keeps the stored one) shares these.
 */
const azureFields = {
  accountName: credentialRule('accountName'),
  containerName: credentialRule('containerName'),
  authentication: z.enum(AZURE_AUTHENTICATIONS).default('accountKey'),
  accountKey: emptyOr(credentialRule('accountKey')).optional(),
  sasToken: emptyOr(sasTokenRule).optional(),
};

/**
 * The secret the chosen authentication needs, with the spec's 'Account key is required'. Checked even
 * while other fields are wrong, so that the form marks every missing field at once.
 */
const secretRequired = (
  field: 'accountKey' | 'sasToken',
): [
  (value: { authentication?: AzureAuthentication; accountKey?: string; sasToken?: string }) => boolean,
  { error: string; path: PropertyKey[]; when: (payload: { value: unknown }) => boolean },
] => [
  (value: { authentication?: AzureAuthentication; accountKey?: string; sasToken?: string }) =>
    (value.authentication === 'sasToken') !== (field === 'sasToken') || !!value[field],
  {
    error: MESSAGES.required(STORAGE_CREDENTIAL_LABELS[field]),
    path: [field],
    when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
  },
];

export const azureBlobCredentialsSchema = z
  .object(azureFields)
  .refine(...secretRequired('accountKey'))
  .refine(...secretRequired('sasToken'));
export type AzureBlobCredentials = z.infer<typeof azureBlobCredentialsSchema>;
/** The same fields with both secrets optional: an edit keeps the stored secret where it is left empty. */
export const azureBlobCredentialChangesSchema = z.object(azureFields);

/** Local storage is the platform's own; it takes no credentials. */
export const localCredentialsSchema = z.object({});

/** Fields that are secrets: written, never read back. */
export const SECRET_CREDENTIAL_FIELDS = ['secretAccessKey', 'accountKey', 'sasToken'] as const;
