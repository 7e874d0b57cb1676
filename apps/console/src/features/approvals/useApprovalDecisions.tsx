import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { APPROVAL_ACTION_DEFINITIONS, APPROVAL_MESSAGES, type ApprovalRequest } from '@skyvault/contract';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../core/toasts/notify';
import { useDecision } from './approvals.queries';
import { elevationDetailsOf, APPROVAL_TEXTS as T } from './approvals.texts';
import { DenyApprovalDialog } from './DenyApprovalDialog';

export interface ApprovalDecisions {
  /** A row's buttons: Approve and Deny for whom may decide it, Cancel for its requester. */
  buttons: (request: ApprovalRequest) => ReactNode;
  /** The confirmation and the deny dialog, rendered once by the screen. */
  dialogs: ReactNode;
}

const named = (request: ApprovalRequest) =>
  `${APPROVAL_ACTION_DEFINITIONS[request.action].label}${request.targetName ? ` ${request.targetName}` : ''}${
    request.action === 'elevation.request' ? ` (${elevationDetailsOf(request.details)})` : ''
  }`;

/** Approve (after a confirmation: the change is made at once), deny with a comment, cancel one's own. */
export function useApprovalDecisions(): ApprovalDecisions {
  const { approve, deny, cancel } = useDecision();
  const [approving, setApproving] = useState<ApprovalRequest | null>(null);
  const [denying, setDenying] = useState<ApprovalRequest | null>(null);

  const confirmApprove = () => {
    if (!approving) return;
    approve.mutate(approving.id, {
      onSuccess: (request) =>
        request.status === 'executed'
          ? notify(APPROVAL_MESSAGES.approved, 'success')
          : notify(request.failureReason ?? APPROVAL_MESSAGES.approvedFailed, 'warning'),
      onSettled: () => setApproving(null),
    });
  };

  const buttons = (request: ApprovalRequest) => (
    <Stack direction="row" sx={{ gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {request.canDecide && (
        <>
          <Button
            size="small"
            onClick={() => setApproving(request)}
            aria-label={`${T.approve}: ${named(request)}`}
          >
            {T.approve}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDenying(request)}
            aria-label={`${T.deny}: ${named(request)}`}
          >
            {T.deny}
          </Button>
        </>
      )}
      {request.canCancel && (
        <Button
          size="small"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(request.id, { onSuccess: () => notify(APPROVAL_MESSAGES.cancelled, 'success') })
          }
          aria-label={`${T.cancel}: ${named(request)}`}
        >
          {T.cancel}
        </Button>
      )}
    </Stack>
  );

  const dialogs = (
    <>
      <ConfirmDialog
        open={approving !== null}
        title={approving ? `${T.approve}: ${named(approving)}` : T.approve}
        message={approving?.action === 'elevation.request' ? T.approveElevationConfirm : T.approveConfirm}
        confirmLabel={T.approve}
        destructive={false}
        pending={approve.isPending}
        onConfirm={confirmApprove}
        onClose={() => setApproving(null)}
      />
      {denying && (
        <DenyApprovalDialog
          request={denying}
          send={(comment) => deny.mutateAsync({ id: denying.id, comment })}
          onClose={() => setDenying(null)}
        />
      )}
    </>
  );
  return { buttons, dialogs };
}
