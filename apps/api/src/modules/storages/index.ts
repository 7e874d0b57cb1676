/** Storages for backups: a tenant's own, and the shared ones operators create. */

export {
  createStorageHealth,
  deleteOldStorageChecks,
  type StorageHealthService,
  type StorageProbe,
} from './health/index.js';
export { createStorageProbe } from './probe/index.js';
export { createStorageWriter, type StorageWriter } from './storage-writer.js';
export { storageRoutes } from './storages.routes.js';
export {
  createSharedStorage,
  createStorageService,
  listSharedStorageHealth,
  type StorageService,
  tenantHasStorage,
} from './storages.service.js';
