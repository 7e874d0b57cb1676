import Box from '@mui/material/Box';
import { signedInSessionEndpoints } from '@skyvault/contract';
import { PageHeader } from '../../components/PageHeader';
import { SessionsSection } from '../../components/sessions/SessionsSection';
import { useEndMyOtherSessions, useEndMySession, useMySessions } from './sessions.queries';

/** "My sessions" (settings menu): every browser the signed-in user is signed in with. */
export function MySessionsPage() {
  const sessions = useMySessions().data?.sessions;
  const endOne = useEndMySession();
  const endOthers = useEndMyOtherSessions();
  return (
    <Box>
      <PageHeader title="My sessions" />
      <SessionsSection
        title="Signed in"
        description="Browsers and apps signed in as you. End one you do not recognise, then change your password."
        sessions={sessions}
        endOne={{
          endpoint: signedInSessionEndpoints.endMine,
          run: endOne.mutateAsync,
          pending: endOne.isPending,
          variables: endOne.variables,
        }}
        endAll={{
          endpoint: signedInSessionEndpoints.endMyOthers,
          label: 'Sign out everywhere else',
          title: 'Sign out everywhere else?',
          message: 'Every other browser signed in as you is signed out. This one stays signed in.',
          run: () => endOthers.mutateAsync(undefined),
          pending: endOthers.isPending,
        }}
      />
    </Box>
  );
}
