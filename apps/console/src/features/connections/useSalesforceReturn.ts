import {
  CONNECTION_RETURN_PARAMS,
  CONNECTION_RETURN_STATE_FAILED,
  CONNECTION_TOASTS,
  type Connection,
} from '@skyvault/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../core/toasts/notify';
import { takeRenewal } from './salesforceLogin';

const { connected: CONNECTED, failed: FAILED } = CONNECTION_RETURN_PARAMS;

/**
 * Back from the Salesforce login, the API's callback lands on `?connected=<id>` or `?failed=<id|state>`.
 * This tells the user how it went once the list has loaded (a failure's reason is the row's lastError),
 * then takes the parameters out of the URL so that a reload does not tell it again.
 */
export function useSalesforceReturn(rows: readonly Connection[] | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const connectedId = searchParams.get(CONNECTED);
  const failedId = searchParams.get(FAILED);
  const told = useRef(false);

  useEffect(() => {
    if (told.current || (!connectedId && !failedId)) return;
    // A failure's reason is in the list: wait for it (a state failure has no row to wait for).
    if (failedId && failedId !== CONNECTION_RETURN_STATE_FAILED && !rows) return;
    told.current = true;
    const renewed = takeRenewal();
    if (connectedId) {
      notify(renewed === connectedId ? CONNECTION_TOASTS.tokenUpdated : CONNECTION_TOASTS.created, 'success');
    } else if (failedId === CONNECTION_RETURN_STATE_FAILED) {
      notify(CONNECTION_TOASTS.loginUnmatched, 'error');
    } else {
      const row = rows?.find((connection) => connection.id === failedId);
      notify(row?.lastError ?? CONNECTION_TOASTS.loginFailed, 'error');
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONNECTED);
        next.delete(FAILED);
        return next;
      },
      { replace: true },
    );
  }, [connectedId, failedId, rows, setSearchParams]);
}
