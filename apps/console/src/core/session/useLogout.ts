import { authEndpoints, TOASTS } from '@skyvault/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { resetAnalytics } from '../analytics';
import { ApiError, callApi } from '../api/client';
import { useErrorHandler } from '../errors/ErrorHandlerContext';
import { toLogin } from '../paths/links';
import { notify } from '../toasts/notify';
import { clearLoggedIn } from './loggedInFlag';

/**
 * SPEC.md §2/§4: clear the local mark first (so other tabs and a failing call cannot leave the console
 * looking signed in), then end the server session, then go to login and say so.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handleError = useErrorHandler();

  return useCallback(async () => {
    clearLoggedIn();
    let loggedOut = true;
    try {
      await callApi(authEndpoints.logout);
    } catch (error) {
      // An already ended session is a logout all the same.
      loggedOut = error instanceof ApiError && error.status === 401;
      if (!loggedOut) handleError(error);
    }
    resetAnalytics();
    // Leave the signed-in layout before dropping its data, so nothing there refetches the ended session.
    navigate(toLogin(), { replace: true });
    queryClient.clear();
    if (loggedOut) notify(TOASTS.loggedOut, 'success');
  }, [navigate, queryClient, handleError]);
}
