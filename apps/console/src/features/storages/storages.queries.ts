import { storageResource } from '../../components/storages/storageWrites';

/** The connection modal's storage picker lives under the same lists, so it shows a change too. */
export const storageKeys = storageResource.keys;
export const storagesQuery = storageResource.listQuery;
export const useStorages = storageResource.useList;

/**
 * Failed deletes of storages are swallowed (SPEC.md §8), so no toast from the shared handler; it still
 * sends an ended session to login. The screen itself explains the one refusal worth telling (in use).
 */
export const useDeleteStorage = () => storageResource.useRemove({ quiet: true });
