/**
 * A tenant's network ranges, and their enforcement: sessions, password and provider sign-ins check the
 * caller's address with network-access.ts.
 */
export { ipRangeRoutes } from './ip-ranges.routes.js';
export { createIpRangeService, type IpRangeService } from './ip-ranges.service.js';
export {
  addressPermitted,
  assertAddressPermitted,
  assertNetworkAllowed,
  ipNotAllowed,
  type RangeBounds,
} from './network-access.js';
