/** Roles and their connection rights; roleRights reads a role's rights inside the caller's transaction. */
export {
  backupRights,
  createRolePermissionService,
  type RolePermissionService,
  roleRights,
} from './role-permissions.service.js';
export { roleRoutes } from './roles.routes.js';
export { createRoleService, type RoleService, tenantHasRole } from './roles.service.js';
