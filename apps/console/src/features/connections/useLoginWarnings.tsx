import Typography from '@mui/material/Typography';
import { type ApprovalCap, CONNECTION_HEALTH_TEXTS } from '@skyvault/contract';
import { type ReactNode, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type ConfirmationText, useConfirmation } from '../../components/useConfirmation';
import { fetchApprovalCap } from './connectionHealth.queries';

const T = CONNECTION_HEALTH_TEXTS;

type Warning = 'approvalCap' | 'rebind';

export interface LoginWarnings {
  /**
   * Warns when a Salesforce user of the tenant is at the approval limit, so that logging in as them
   * revokes another connection; resolves whether to go on to the login. Its own failure never stands
   * in the way of a login: it then resolves true without a word.
   */
  approvalCapAllows: (connectionId?: string) => Promise<boolean>;
  /** Asks to confirm pinning the connection to the refreshed org; resolves the answer. */
  rebindAllowed: (pinnedOrgId: string) => Promise<boolean>;
  /** The confirmation dialog, to render where the hook is used. */
  dialog: ReactNode;
}

/** The questions asked before the browser leaves for the Salesforce login (create and Update Token). */
export function useLoginWarnings(): LoginWarnings {
  const confirmation = useConfirmation<Warning>('approvalCap');
  const [cap, setCap] = useState<ApprovalCap | null>(null);
  const [orgId, setOrgId] = useState('');
  const answer = useRef<((go: boolean) => void) | null>(null);

  const ask = (warning: Warning) =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      confirmation.ask(warning);
    });
  const settle = (go: boolean) => {
    answer.current?.(go);
    answer.current = null;
    confirmation.done();
  };

  const approvalCapAllows = async (connectionId?: string) => {
    const found = await fetchApprovalCap(connectionId).catch(() => null);
    if (!found || found.users.length === 0) return true;
    setCap(found);
    return ask('approvalCap');
  };
  const rebindAllowed = (pinnedOrgId: string) => {
    setOrgId(pinnedOrgId);
    return ask('rebind');
  };

  const texts: Record<Warning, ConfirmationText> = {
    approvalCap: {
      title: T.approvalCapTitle,
      message: cap?.users.map((user) => (
        <Typography key={user.username} variant="body2" sx={{ mb: 1 }}>
          {T.approvalCap(user.username, cap.limit, user.wouldEvict.name)}
        </Typography>
      )),
      label: 'Continue',
    },
    rebind: { title: T.rebindTitle, message: T.rebind(orgId), label: 'Rebind', destructive: false },
  };

  return {
    approvalCapAllows,
    rebindAllowed,
    dialog: (
      <ConfirmDialog
        {...confirmation.dialogProps(texts)}
        onConfirm={() => settle(true)}
        onClose={() => settle(false)}
      />
    ),
  };
}
