import { signedInSessionEndpoints } from '@skyvault/contract';
import { useState } from 'react';
import { SessionsSection } from '../../components/sessions/SessionsSection';
import { RemovePasskeysOption } from './RemovePasskeysOption';
import { useEndUserSession, useEndUserSessions, useUserSessions } from './userSessions.queries';

/**
 * The user's page (administrators): where the user is signed in, and ending it. Ending all may also
 * remove the user's passkeys, which would otherwise sign a taken-over account in again.
 */
export function UserSessionsCard({ userId }: { userId: string }) {
  const sessions = useUserSessions(userId).data?.sessions;
  const endOne = useEndUserSession(userId);
  const endAll = useEndUserSessions(userId);
  const [removePasskeys, setRemovePasskeys] = useState(false);
  return (
    <SessionsSection
      title="Sessions"
      description="Where this user is signed in. An ended session is signed out on its next action."
      sessions={sessions}
      endOne={{
        endpoint: signedInSessionEndpoints.endOneOfUser,
        run: endOne.mutateAsync,
        pending: endOne.isPending,
        variables: endOne.variables,
      }}
      endAll={{
        endpoint: signedInSessionEndpoints.endAllOfUser,
        label: 'End all sessions',
        title: 'End all sessions of this user?',
        message: (
          <>
            The user is signed out everywhere and has to log in again.
            <RemovePasskeysOption
              userId={userId}
              checked={removePasskeys}
              onChange={setRemovePasskeys}
              disabled={endAll.isPending}
            />
          </>
        ),
        run: () => endAll.mutateAsync({ removePasskeys }).finally(() => setRemovePasskeys(false)),
        pending: endAll.isPending,
      }}
    />
  );
}
