/** A user's effective permissions through their group's role. */
export { permissionRoutes } from './permissions.routes.js';
export { createPermissionService, type PermissionService } from './permissions.service.js';
