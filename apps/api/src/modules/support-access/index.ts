/** Support access the tenant's Owner grants: grants, support sessions, and their sign-in link. */
export { SUPPORT_START_PATH, supportAccessRoutes } from './support-access.routes.js';
export {
  createSupportAccess,
  SUPPORT_ACCESS_PAGE,
  SUPPORT_LINK_MINUTES,
  SUPPORT_TOKEN_PREFIX,
  type SupportAccess,
} from './support-access.service.js';
