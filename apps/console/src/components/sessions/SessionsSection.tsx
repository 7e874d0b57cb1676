import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EndpointDef, SignedInSession } from '@skyvault/contract';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useCan } from '../../core/session/permissions';
import { ConfirmDialog } from '../ConfirmDialog';
import { SessionsTable } from './SessionsTable';

export interface SessionsSectionProps {
  title: string;
  /** Under the title: what ending a session does. */
  description: ReactNode;
  sessions: SignedInSession[] | undefined;
  /** Each call's endpoint: its button is shown only to whom the call is open (a User administrator's). */
  endOne: {
    endpoint: EndpointDef;
    run: (id: string) => Promise<unknown>;
    pending: boolean;
    variables?: string;
  };
  /** "Sign out everywhere else" or "End all sessions", with its confirmation (which may hold options). */
  endAll: {
    endpoint: EndpointDef;
    label: string;
    title: string;
    message: ReactNode;
    run: () => Promise<unknown>;
    pending: boolean;
  };
}

/**
 * A titled card of sessions with a button that ends all of them (but the current one), confirmed
 * first. Ending one asks no confirmation: it is what the button says, and the person can sign in again.
 */
export function SessionsSection({ title, description, sessions, endOne, endAll }: SessionsSectionProps) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const others = sessions?.filter((session) => !session.current).length ?? 0;
  const can = useCan();
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 960, mt: 2 }}
      aria-busy={!sessions}
      aria-labelledby={titleId}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 1 }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {can(endAll.endpoint) && (
          <Button
            variant="outlined"
            color="error"
            disabled={others === 0 || endAll.pending}
            onClick={() => setConfirming(true)}
          >
            {endAll.label}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
      <SessionsTable
        label={title}
        sessions={sessions}
        onEnd={can(endOne.endpoint) ? (session) => void endOne.run(session.id).catch(() => {}) : undefined}
        ending={endOne.pending ? endOne.variables : undefined}
      />
      <ConfirmDialog
        open={confirming}
        title={endAll.title}
        message={endAll.message}
        confirmLabel={endAll.label}
        destructive
        pending={endAll.pending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          void endAll
            .run()
            .catch(() => {})
            .finally(() => setConfirming(false))
        }
      />
    </Paper>
  );
}
