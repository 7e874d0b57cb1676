import { ERROR_MESSAGES } from './errors.js';

/**
 * Words of storage tests and health (ours: the spec has neither). The API answers them and the console
 * shows them, so both sides say the same thing.
 */

/** What a storage failed at, each with where the form shows it (see storageProblemOf). */
export const STORAGE_PROBLEM_KINDS = [
  'InvalidCredentials',
  'AccessDenied',
  'BucketNotFound',
  'ContainerNotFound',
  'WrongRegion',
  'Unreachable',
  'Throttled',
  'EndpointNotAllowed',
] as const;
export type StorageProblemKind = (typeof STORAGE_PROBLEM_KINDS)[number];

/** The four things backups do with a storage, in the order a test tries them. */
export const STORAGE_PERMISSIONS = ['write', 'read', 'list', 'delete'] as const;
export type StoragePermission = (typeof STORAGE_PERMISSIONS)[number];

/** Each permission as AWS's IAM and Azure's SAS name it, for the messages and docs/storage-health.md. */
export const STORAGE_PERMISSION_NAMES: Record<StoragePermission, { aws: string; azure: string }> = {
  write: { aws: 's3:PutObject', azure: 'Write (w) and Create (c)' },
  read: { aws: 's3:GetObject', azure: 'Read (r)' },
  list: { aws: 's3:ListBucket', azure: 'List (l)' },
  delete: { aws: 's3:DeleteObject', azure: 'Delete (d)' },
};

export const STORAGE_MESSAGES = {
  endpointFormat: 'Enter the endpoint as an address such as https://s3.example.com',
  endpointNotEnabled: 'This platform does not allow custom endpoints: leave Endpoint empty to use AWS.',
  sasTokenFormat: 'Paste the SAS token as Azure shows it: it contains sp= and sig=',
  authenticationChanged: (label: string) => `${label} is required when the authentication changes`,
  testFailed: ERROR_MESSAGES.STORAGE_TEST_FAILED,
  tested: 'The storage works: a test file was written, read, listed and deleted.',
  checked: 'Storage was checked',
  sharedHealthOnly:
    "Shared storages are the platform's: their checks are kept by its operators, who are told when one fails.",
  saveAnywayTitle: 'Save a storage that failed its test?',
  saveAnyway:
    'Backups to this storage will fail until it passes. It is saved as unhealthy, checked every hour, and you are told when it works.',
  banner: (names: string[], more: number) =>
    `${names.length + more === 1 ? 'A storage needs' : 'Storages need'} attention: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`,
} as const;

interface ProblemDetails {
  type: 'AwsS3' | 'AzureBlob';
  permission?: StoragePermission | null;
  /** The region the bucket is in (WrongRegion). */
  actualRegion?: string | null;
  /** The region the storage names. */
  region?: string | null;
  /** The key ID was unknown (InvalidAccessKeyId), rather than the secret wrong. */
  unknownKeyId?: boolean;
  /** The storage names its own endpoint (S3-compatible). */
  customEndpoint?: boolean;
  /** Azure: which secret the storage signs with. */
  authentication?: 'accountKey' | 'sasToken';
}

/**
 * A problem in plain words with what to do, and the form field it belongs to (a path under the form,
 * null: the form as a whole).
 */
export function storageProblemOf(
  kind: StorageProblemKind,
  details: ProblemDetails,
): { field: string | null; message: string } {
  const aws = details.type === 'AwsS3';
  const secret = aws
    ? 'credentials.secretAccessKey'
    : details.authentication === 'sasToken'
      ? 'credentials.sasToken'
      : 'credentials.accountKey';
  const identity = aws ? 'credentials.accessKeyId' : secret;
  switch (kind) {
    case 'InvalidCredentials':
      if (aws && details.unknownKeyId)
        return {
          field: 'credentials.accessKeyId',
          message: 'AWS does not know this access key ID. Check it, or create an access key in IAM.',
        };
      return aws
        ? {
            field: secret,
            message:
              'AWS did not accept the secret access key for this key ID. Check it, or create a new access key in IAM.',
          }
        : details.authentication === 'sasToken'
          ? {
              field: secret,
              message:
                'Azure did not accept the SAS token: it is wrong, expired, or not for this account. Generate a new one for the container.',
            }
          : {
              field: secret,
              message:
                'Azure did not accept the account key for this account. Copy key1 or key2 from the storage account’s Access keys.',
            };
    case 'AccessDenied': {
      const permission = details.permission ?? 'write';
      const name = STORAGE_PERMISSION_NAMES[permission][aws ? 'aws' : 'azure'];
      return {
        field: identity,
        message: aws
          ? `The keys work, but may not ${permission} objects in the bucket. Allow ${name} on it (see the minimal policy in the documentation).`
          : `The credentials work, but may not ${permission} blobs in the container. Give them the ${name} permission.`,
      };
    }
    case 'BucketNotFound':
      return {
        field: 'credentials.bucketName',
        message: 'No bucket of this name exists. Check the name, or create the bucket first.',
      };
    case 'ContainerNotFound':
      return {
        field: 'credentials.containerName',
        message: 'The account has no container of this name. Check the name, or create the container first.',
      };
    case 'WrongRegion':
      return {
        field: 'credentials.region',
        message: details.actualRegion
          ? `The bucket is in ${details.actualRegion}, not in ${details.region ?? 'this region'}. Set Region to ${details.actualRegion}.`
          : 'The bucket is in another region. Set Region to the bucket’s region.',
      };
    case 'Unreachable':
      return {
        field: aws
          ? details.customEndpoint
            ? 'credentials.endpoint'
            : 'credentials.region'
          : 'credentials.accountName',
        message: aws
          ? details.customEndpoint
            ? 'The endpoint did not answer (no such name, refused, or timed out). Check the address.'
            : 'AWS did not answer for this region (no such name, or timed out). Check the region.'
          : 'Azure did not answer for this account (no such account, or timed out). Check the account name.',
      };
    case 'Throttled':
      return {
        field: null,
        message:
          'The storage is refusing requests for now because there are too many. Try again in a few minutes.',
      };
    case 'EndpointNotAllowed':
      return {
        field: 'credentials.endpoint',
        message: 'The endpoint is in a private or reserved network that this platform may not reach.',
      };
  }
}
