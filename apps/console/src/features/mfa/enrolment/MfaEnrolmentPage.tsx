import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ENROLMENT_TEXTS, type MfaEnrolment } from '@skyvault/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget } from '../../../core/paths/links';
import { routes } from '../../../core/paths/routes';
import { skipMfaEnrolment } from '../../../core/session/mfaEnrolment';
import { sessionQuery } from '../../../core/session/session.queries';
import { AddMfaDevice } from '../AddMfaDevice';
import { preloadMfaQrDialog } from '../LazyMfaQrDialog';
import { AddPasskey } from '../passkeys/AddPasskey';
import { usePasskeySupport } from '../passkeys/passkeys.queries';

type Adding = 'authenticator' | 'passkey';

/** Where the user was going, a console path; never this page again. */
function afterEnrolment(redirectTo: string | null): string {
  const target = safeRedirectTarget(redirectTo);
  return target && !target.startsWith(routes['mfa.enrolment']) ? target : routes.home;
}

function EnrolmentCard({ children }: { children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ width: '100%', maxWidth: 520 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" sx={{ mb: 2 }}>
          {ENROLMENT_TEXTS.title}
        </Typography>
        <Stack sx={{ gap: 2 }}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

/** Passkeys are offered where the console can use them; elsewhere the page says why not. */
function PasskeyUnavailable() {
  const support = usePasskeySupport();
  return support.data?.reason ? <Alert severity="info">{support.data.reason}</Alert> : null;
}

/**
 * The tenant's MFA policy requires a second factor of this user: right after signing in they add an
 * authenticator app or a passkey, see their recovery codes once, then continue where they were
 * going. During the grace period they may skip it for this sign-in.
 */
export function MfaEnrolmentPage() {
  // Asked again on arrival: a refused call may have sent the user here while the session in the cache
  // still let them skip, and the server's answer decides.
  const session = useQuery({ ...sessionQuery, refetchOnMount: 'always' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = afterEnrolment(params.get('redirectTo'));
  const [adding, setAdding] = useState<Adding | null>(null);
  const [enrolled, setEnrolled] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const user = session.data;
  const enrolment: MfaEnrolment | undefined = user?.mfaEnrolment;

  if (!enrolled && !enrolment) {
    // Nothing to enrol (any more): on to the console once the session has been asked again.
    return session.isFetching ? (
      <CircularProgress aria-label="Loading" />
    ) : (
      <Navigate to={redirectTo} replace />
    );
  }

  const continueToConsole = async () => {
    setLeaving(true);
    // The session no longer carries the enrolment: the shell lets the user go anywhere again.
    await queryClient.refetchQueries({ queryKey: sessionQuery.queryKey });
    navigate(redirectTo, { replace: true });
  };

  const skip = () => {
    if (user) skipMfaEnrolment(user.id);
    navigate(redirectTo, { replace: true });
  };

  const closeAdding = () => setAdding(null);

  return (
    <EnrolmentCard>
      {enrolled ? (
        <>
          <Typography>{ENROLMENT_TEXTS.enrolled}</Typography>
          <Button
            variant="contained"
            loading={leaving}
            disabled={adding !== null}
            onClick={() => void continueToConsole()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {ENROLMENT_TEXTS.done}
          </Button>
        </>
      ) : (
        enrolment && (
          <>
            <Typography color="text.secondary">{ENROLMENT_TEXTS.intro}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5 }}>
              <Button
                variant="contained"
                startIcon={<PhonelinkLockIcon />}
                onPointerEnter={() => void preloadMfaQrDialog()}
                onClick={() => setAdding('authenticator')}
              >
                {ENROLMENT_TEXTS.addAuthenticator}
              </Button>
              {enrolment.passkeysAvailable && (
                <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setAdding('passkey')}>
                  {ENROLMENT_TEXTS.addPasskey}
                </Button>
              )}
            </Stack>
            {!enrolment.passkeysAvailable && <PasskeyUnavailable />}
            {!enrolment.restricted && (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                sx={{ gap: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
              >
                <Typography variant="body2" color="text.secondary">
                  {ENROLMENT_TEXTS.graceDaysLeft(enrolment.graceDaysLeft)}
                </Typography>
                <Button onClick={skip}>{ENROLMENT_TEXTS.skip}</Button>
              </Stack>
            )}
          </>
        )
      )}
      {adding === 'authenticator' && <AddMfaDevice onAdded={() => setEnrolled(true)} onClose={closeAdding} />}
      {adding === 'passkey' && <AddPasskey onAdded={() => setEnrolled(true)} onClose={closeAdding} />}
    </EnrolmentCard>
  );
}
