/**
 * The storage test: proves S3 or Azure Blob credentials by writing, reading back, listing and deleting a
 * small object under the contract's probe prefix, with the official SDKs, through the outbound guard.
 */
export { classifyAzureError, classifyS3Error } from './classify.js';
export { createStorageProbe, type StorageProbe } from './probe.js';
export type { StorageProbeOptions, StorageProbeTarget } from './types.js';
