/** Approvals (four-eyes): the tenant's policy, requests and their decisions, and the gate on guarded calls. */

export {
  type ApprovalActionEntry,
  type ApprovalTargets,
  approvalActions,
} from './approval-actions.js';
export { createApprovalGate } from './approval-gate.js';
export { approvalRoutes } from './approvals.routes.js';
export { type ApprovalService, createApprovalService } from './approvals.service.js';
