import type { ApprovalRequest } from '@skyvault/contract';

/**
 * A change the organization's approval policy covers answers 409 APPROVAL_REQUIRED (docs/administration.md
 * "Approvals (four-eyes)"). callApi then asks the signed-in shell for a reason (the "Request approval"
 * dialog, features/approvals) and sends the same call again with it, which makes a request instead of
 * the change. Every guarded action of every screen goes through this one place.
 */
export interface ApprovalAsker {
  /** The reason the user gives, or null when they chose not to ask. */
  askReason(message: string): Promise<string | null>;
  /** The request was made: tell the user, refresh the inbox. */
  requested(request: ApprovalRequest): void;
}

let asker: ApprovalAsker | null = null;

/** The signed-in shell plugs its dialog in; the answer unplugs it. */
export function registerApprovalAsker(next: ApprovalAsker): () => void {
  asker = next;
  return () => {
    if (asker === next) asker = null;
  };
}

export const currentApprovalAsker = (): ApprovalAsker | null => asker;

/**
 * What a guarded call rejects with when it became a request for approval (or the user declined to give
 * a reason): the change has not happened, and nothing more is to be said, so the error handler ignores
 * it as it ignores a cancelled call, and the screen's dialog closes as after any settled call.
 */
export class ApprovalPendingError extends Error {
  override readonly name = 'ApprovalPending';
  constructor(readonly request: ApprovalRequest | null) {
    super(request ? 'Approval requested' : 'Approval not requested');
  }
}
