/**
 * The audit trail as its readers see it: the administrators' list, export and sign-in history, the
 * operators' verification of each tenant's hash chain, and the retention that the housekeeping runs.
 * Events are written by platform/audit, in the transaction of each change.
 */

export { auditRoutes } from './audit.routes.js';
export { type AuditService, createAuditService } from './audit.service.js';
export {
  type ChainReport,
  deleteExpiredEvents,
  streamedEventHash,
  verifyChain,
  verifyReceivedChain,
} from './audit-chain.js';
