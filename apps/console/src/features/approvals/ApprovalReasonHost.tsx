import { APPROVAL_MESSAGES } from '@skyvault/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { registerApprovalAsker } from '../../core/api/approvalGate';
import { notify } from '../../core/toasts/notify';
import { approvalKeys } from './approvals.queries';

// Loaded the first time a change needs approval: most visits never ask.
const ApprovalReasonDialog = lazy(() =>
  import('./ApprovalReasonDialog').then((module) => ({ default: module.ApprovalReasonDialog })),
);

/**
 * Plugs the "Request approval" dialog into every API call of the signed-in console (core/api/approvalGate.ts):
 * a change that needs approval asks for a reason here, then the toast says the request was sent. Mounted
 * once, in the shell, so that no screen's dialog has to know which of its changes may need approval.
 */
export function ApprovalReasonHost() {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{ resolve: (reason: string | null) => void } | null>(null);

  useEffect(
    () =>
      registerApprovalAsker({
        askReason: () => new Promise((resolve) => setAsking({ resolve })),
        requested: () => {
          notify(APPROVAL_MESSAGES.requestSent, 'success');
          void queryClient.invalidateQueries({ queryKey: approvalKeys.all });
        },
      }),
    [queryClient],
  );

  if (!asking) return null;
  return (
    <Suspense fallback={null}>
      <ApprovalReasonDialog
        onDone={(reason) => {
          asking.resolve(reason);
          setAsking(null);
        }}
      />
    </Suspense>
  );
}
