import type { Connection, ConnectionDetail } from '@skyvault/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { connectionQuery, useRenewConnection } from './connections.queries';
import { goToSalesforceLogin, rememberRenewal } from './salesforceLogin';
import { useLoginWarnings } from './useLoginWarnings';

export interface UpdateToken {
  start: (connection: Connection | ConnectionDetail) => void;
  /** From the first question until the browser has left: no second Update Token starts meanwhile. */
  busy: boolean;
  /** The warnings' dialog, to render beside the buttons. */
  dialog: ReactNode;
}

/**
 * Update Token, from the list or a connection's page: a connection whose org changed asks first to
 * rebind it, then the approval limit is checked, then the browser goes to the Salesforce login and
 * comes back to the list.
 */
export function useUpdateToken(): UpdateToken {
  const queryClient = useQueryClient();
  const renew = useRenewConnection();
  const warnings = useLoginWarnings();
  const [asking, setAsking] = useState(false);

  const pinnedOrgOf = async (connection: Connection | ConnectionDetail) =>
    'org' in connection
      ? connection.org.orgId
      : (await queryClient.fetchQuery(connectionQuery(connection.id))).org.orgId;

  const start = async (connection: Connection | ConnectionDetail) => {
    setAsking(true);
    try {
      const rebind = connection.health?.status === 'OrgChanged';
      if (rebind && !(await warnings.rebindAllowed((await pinnedOrgOf(connection)) ?? ''))) return;
      if (!(await warnings.approvalCapAllows(connection.id))) return;
      renew.mutate(
        { id: connection.id, organizationType: connection.organizationType, rebind },
        {
          onSuccess: ({ loginUri }) => {
            rememberRenewal(connection.id);
            goToSalesforceLogin(loginUri);
          },
        },
      );
    } catch {
      // The connection could not be loaded: the shared handler has said why.
    } finally {
      setAsking(false);
    }
  };

  return {
    start: (connection) => void start(connection),
    busy: asking || renew.isPending || renew.isSuccess,
    dialog: warnings.dialog,
  };
}
