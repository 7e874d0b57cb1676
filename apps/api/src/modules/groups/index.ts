/**
 * Groups and their members. groupForAssignment checks, inside the caller's transaction, the group a
 * user is being put into (users, single sign-on and identity providers use it).
 */

export {
  createGroupProvisioningService,
  type GroupProvisioningService,
  type MemberChange,
  PROVISIONED_GROUP_FIELD_KINDS,
  type ProvisionedGroup,
  type ProvisionedGroupField,
  type ProvisionedGroupFilter,
} from './group-provisioning.service.js';
export { createGroupUsersService, type GroupUsersService } from './group-users.service.js';
export { groupRoutes } from './groups.routes.js';
export {
  createGroupService,
  type GroupService,
  groupForAssignment,
  missingReference,
  tenantHasGroup,
} from './groups.service.js';
