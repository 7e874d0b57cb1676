import { zodResolver } from '@hookform/resolvers/zod';
import {
  STORAGE_CREDENTIAL_BOUNDS,
  type Storage,
  type StorageCredentialField,
  type StoragePatch,
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
  credentials: Record<StorageCredentialField, string>;
}

/** What the resolver hands to submit: the contract's parse of the form. */
export type StorageFormOutput = StoragePatch;

/** The credential fields of each kind, in the order the modal shows them. */
export const CREDENTIAL_FIELDS: Record<StorageType, readonly StorageCredentialField[]> = {
  Local: [],
  AwsS3: ['region', 'bucketName', 'accessKeyId', 'secretAccessKey'],
  AzureBlob: ['accountName', 'accountKey', 'containerName'],
};

/** Written once and never shown again (the API does not answer them). */
export const SECRET_FIELDS: readonly StorageCredentialField[] = ['secretAccessKey', 'accountKey'];

const EMPTY_CREDENTIALS: Record<StorageCredentialField, string> = {
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
  const { min, max } = STORAGE_CREDENTIAL_BOUNDS[field];
  return min === undefined ? `Up to ${max} characters` : `${min} to ${max} characters`;
}

const createResolver = zodResolver(storageFormSchema);
const editResolver = zodResolver(storageEditFormSchema);

/**
 * The contract's schemas check the form. An edit that keeps the type may leave secrets empty (the
 * stored ones stay); a new storage, or an edit to another type, needs the secret like the API does.
 */
export function storageResolver(original?: Storage): Resolver<StorageFormValues, unknown, StorageFormOutput> {
  return (values, context, options) => {
    const resolve = original && values.type === original.type ? editResolver : createResolver;
    // The schemas' input types are narrower than the form's (an empty type is a value the form can hold).
    return resolve(values as never, context, options as never) as ReturnType<
      Resolver<StorageFormValues, unknown, StorageFormOutput>
    >;
  };
}
