import type { SessionUser } from '@skyvault/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toMfaEnrolment } from '../../../core/paths/links';
import { setLoggedIn } from '../../../core/session/loggedInFlag';
import { forgetMfaEnrolmentSkip } from '../../../core/session/mfaEnrolment';
import { sessionQuery } from '../../../core/session/session.queries';
import { loginDestination } from './loginDestination';

/**
 * The end of every way of logging in (password, MFA code, passkey, identity provider): remember the
 * session and go where the login was asked to go. A user whom the tenant requires a second factor of
 * and who has none goes to the enrolment page first, which then leads on to that screen.
 */
export function useEnterConsole(redirectTo: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    setLoggedIn();
    // The signed-in layout starts from this answer instead of asking for the session again.
    queryClient.setQueryData(sessionQuery.queryKey, user);
    const destination = loginDestination(redirectTo, user);
    if (user.mfaEnrolment) {
      // A new sign-in asks again, even if enrolment was skipped in an earlier one.
      forgetMfaEnrolmentSkip();
      // The enrolment page leads on within the console; a server path (an app's authorization) would
      // fail there anyway until a factor is added.
      const after = destination.kind === 'screen' ? destination.path : undefined;
      navigate(toMfaEnrolment({ redirectTo: after }), { replace: true });
      return;
    }
    if (destination.kind === 'document') window.location.assign(destination.path);
    else navigate(destination.path, { replace: true });
  };
}
