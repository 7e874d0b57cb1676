import type { SessionUser } from '@skyvault/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setLoggedIn } from '../../../core/session/loggedInFlag';
import { sessionQuery } from '../../../core/session/session.queries';
import { loginDestination } from './loginDestination';

/**
 * The end of every way of logging in (password, MFA code, identity provider): remember the session
 * and go where the login was asked to go.
 */
export function useEnterConsole(redirectTo: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    setLoggedIn();
    // The signed-in layout starts from this answer instead of asking for the session again.
    queryClient.setQueryData(sessionQuery.queryKey, user);
    const destination = loginDestination(redirectTo);
    if (destination.kind === 'document') window.location.assign(destination.path);
    else navigate(destination.path, { replace: true });
  };
}
