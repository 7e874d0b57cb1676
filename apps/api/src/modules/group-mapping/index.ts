/**
 * Identity providers' group mapping rules: edited by administrators, read at every sign-in through the
 * provider (modules/sso applies them with the contract's matchGroupRules).
 */
export { groupMappingRoutes } from './group-mapping.routes.js';
export {
  createGroupMappingService,
  type GroupMappingService,
  groupRulesOf,
} from './group-mapping.service.js';
