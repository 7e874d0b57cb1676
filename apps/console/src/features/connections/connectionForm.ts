import { zodResolver } from '@hookform/resolvers/zod';
import {
  backupConnectionFormSchema,
  type ConnectionCreate,
  connectionFormSchema,
  type OrganizationType,
  toConnectionCreate,
} from '@skyvault/contract';
import type { Resolver } from 'react-hook-form';

/** The create modal's values; storage and key are used by Backup tenants only. */
export interface ConnectionFormValues {
  name: string;
  /** Empty until one is chosen: the schema then reports 'Connection type is required'. */
  organizationType: OrganizationType | '';
  storageId: string;
  encryptionKey: string;
}

export const EMPTY_CONNECTION_FORM: ConnectionFormValues = {
  name: '',
  organizationType: '',
  storageId: '',
  encryptionKey: '',
};

type Output = ConnectionCreate;
const backupResolver = zodResolver(backupConnectionFormSchema);
const plainResolver = zodResolver(connectionFormSchema);

/**
 * The contract's schemas check the form, the Backup one when the tenant has Backup (storage and key
 * required); the answer is the create call's body. Without Backup the schema drops storage and key.
 */
export function connectionResolver(hasBackup: boolean): Resolver<ConnectionFormValues, unknown, Output> {
  const resolve = hasBackup ? backupResolver : plainResolver;
  return async (values, context, options) => {
    // The schemas' input types are narrower than the form's (an empty type is a value the form can hold).
    const result = await resolve(values as never, context, options as never);
    if (Object.keys(result.errors).length > 0) return { values: {}, errors: result.errors };
    return {
      values: toConnectionCreate(result.values as Parameters<typeof toConnectionCreate>[0]),
      errors: {},
    };
  };
}
