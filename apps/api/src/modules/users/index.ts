/**
 * A tenant's users. The users table is written here only: other modules read and change users inside
 * their own transaction through user-accounts.ts.
 */

export { adminRoleRoutes } from './admin-roles.routes.js';
export { assertMayResetCredentials } from './admin-roles.rules.js';
export { type AdminRoleService, createAdminRoleService } from './admin-roles.service.js';
export { assertMayEmptyGroup, assertMayMoveMembers } from './group-admin-roles.js';
export { createPlatformInvitations } from './invitations.js';
export {
  assertScimMayMove,
  listMembersOfGroups,
  PROVISIONED_USER_FIELD_KINDS,
  type ProvisionedUser,
  type ProvisionedUserField,
  type ProvisionedUserFilter,
  scimUnmovable,
} from './scim-management.js';
export {
  createTemporaryAccessExpiry,
  expireTemporaryAccess,
  grantTemporaryAccess,
  type TemporaryAccessRequest,
} from './temporary-access.js';
export * from './user-accounts.js';
export { userRoutes } from './users.routes.js';
export {
  createUserService,
  type Provisioning,
  tenantHasSeveralUsers,
  type UserService,
} from './users.service.js';
