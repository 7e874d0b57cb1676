import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AzureAuthentication,
  STORAGE_CREDENTIAL_BOUNDS,
  type Storage,
  type StorageCredentialField,
  type StoragePatch,
  type StorageTest,
  type StorageType,
  storageEditFormSchema,
  storageFormSchema,
} from '@skyvault/contract';
import type { Resolver } from 'react-hook-form';

/**
 * The modal's values. Every kind's credential fields are kept, so switching the type back and forth
 * does not lose what was typed; the contract's schema keeps only the chosen kind's fields.
 */
export interface StorageFormValues {
  name: string;
  /** Empty until one is chosen: the schema then reports 'Storage type is required'. */
  type: StorageType | '';
  credentials: Record<StorageCredentialField, string> & { authentication: AzureAuthentication };
}

/** What the resolver hands to submit: the contract's parse of the form. */
export type StorageFormOutput = StoragePatch;

/**
 * The credential fields of each kind, in the order the modal shows them. AWS S3's Endpoint is shown
 * only where the platform allows custom endpoints; Azure shows the secret of its chosen authentication.
 */
export const CREDENTIAL_FIELDS: Record<StorageType, readonly StorageCredentialField[]> = {
  Local: [],
  AwsS3: ['region', 'bucketName', 'accessKeyId', 'secretAccessKey', 'endpoint'],
  AzureBlob: ['accountName', 'accountKey', 'sasToken', 'containerName'],
};

/** Written once and never shown again (the API does not answer them). */
export const SECRET_FIELDS: readonly StorageCredentialField[] = ['secretAccessKey', 'accountKey', 'sasToken'];

/** Fields that may stay empty: Endpoint empty means AWS itself. */
export const OPTIONAL_FIELDS: readonly StorageCredentialField[] = ['endpoint'];

/** Under Endpoint until it has an error. */
export const ENDPOINT_HINT = 'Leave empty for AWS';

/** Whether the modal shows a field, given the kind's other choices. */
export function showsField(
  field: StorageCredentialField,
  { authentication, customEndpoints }: { authentication: AzureAuthentication; customEndpoints: boolean },
): boolean {
  if (field === 'endpoint') return customEndpoints;
  if (field === 'accountKey') return authentication === 'accountKey';
  if (field === 'sasToken') return authentication === 'sasToken';
  return true;
}

const EMPTY_CREDENTIALS: StorageFormValues['credentials'] = {
  authentication: 'accountKey',
  region: '',
  bucketName: '',
  accessKeyId: '',
  secretAccessKey: '',
  accountName: '',
  accountKey: '',
  containerName: '',
  sasToken: '',
  endpoint: '',
};

/** The create modal starts empty; the edit modal from the storage as listed, its secrets empty. */
export const storageFormValues = (storage?: Storage): StorageFormValues => ({
  name: storage?.name ?? '',
  type: storage?.type ?? '',
  credentials: { ...EMPTY_CREDENTIALS, ...storage?.credentials },
});

/** Under each field until it has an error: its bounds from SPEC.md §5, in short. */
export function credentialHint(field: StorageCredentialField): string {
  if (field === 'endpoint') return ENDPOINT_HINT;
  const { min, max } = STORAGE_CREDENTIAL_BOUNDS[field];
  return min === undefined ? `Up to ${max} characters` : `${min} to ${max} characters`;
}

/**
 * What is sent: the contract's parse without the values that say nothing. Azure sends only the secret
 * of its authentication, and an empty Endpoint (AWS itself) is left out.
 */
export function storageBody<Body extends { credentials?: Record<string, unknown> }>(body: Body): Body {
  if (!body.credentials) return body;
  const credentials = { ...body.credentials };
  if ('authentication' in credentials)
    delete credentials[credentials.authentication === 'sasToken' ? 'accountKey' : 'sasToken'];
  if (credentials.endpoint === '') delete credentials.endpoint;
  return { ...body, credentials };
}

/** The Test connection call's body: the kind and credentials as checked (the stored secrets with `storageId`). */
export function storageTestBody(values: StorageFormOutput, storageId: string | undefined): StorageTest {
  const { type, credentials } = storageBody(values);
  return { ...(storageId ? { storageId } : {}), type, credentials } as StorageTest;
}

const createResolver = zodResolver(storageFormSchema);
const editResolver = zodResolver(storageEditFormSchema);

/**
 * Whether secrets left empty keep the stored ones: an edit that keeps the type, and for Azure the
 * authentication (a storage switched to a SAS token needs the token).
 */
export function keepsStoredSecrets(
  original: Storage | undefined,
  values: Pick<StorageFormValues, 'type' | 'credentials'>,
): boolean {
  if (!original || values.type !== original.type) return false;
  const stored = original.credentials;
  return !('authentication' in stored) || stored.authentication === values.credentials.authentication;
}

/**
 * The contract's schemas check the form. An edit that keeps the type may leave secrets empty (the
 * stored ones stay); a new storage, or an edit to another type, needs the secret like the API does.
 */
export function storageResolver(original?: Storage): Resolver<StorageFormValues, unknown, StorageFormOutput> {
  return (values, context, options) => {
    const resolve = keepsStoredSecrets(original, values) ? editResolver : createResolver;
    // The schemas' input types are narrower than the form's (an empty type is a value the form can hold).
    return resolve(values as never, context, options as never) as ReturnType<
      Resolver<StorageFormValues, unknown, StorageFormOutput>
    >;
  };
}
