/** Storages for backups: a tenant's own, and the shared ones operators create. */

export { storageRoutes } from './storages.routes.js';
export {
  createSharedStorage,
  createStorageService,
  type StorageService,
  tenantHasStorage,
} from './storages.service.js';
