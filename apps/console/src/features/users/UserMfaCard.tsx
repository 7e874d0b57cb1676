import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MFA_POLICY_MESSAGES, USER_MFA_TEXTS, type UserMfa, userMfaEndpoints } from '@skyvault/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DescriptionList } from '../../components/DetailsCard';
import { RetryButton } from '../../components/RetryButton';
import { TitledSection } from '../../components/TitledSection';
import { useCan } from '../../core/session/permissions';
import { useSessionUser } from '../../core/session/SessionContext';
import { notify } from '../../core/toasts/notify';
import { useResetUserMfa, useUserMfa } from './userMfa.queries';

const COUNTS: readonly { label: string; value: (mfa: UserMfa) => number }[] = [
  { label: USER_MFA_TEXTS.authenticators, value: (mfa) => mfa.totpDevices },
  { label: USER_MFA_TEXTS.passkeys, value: (mfa) => mfa.passkeys },
  { label: USER_MFA_TEXTS.recoveryCodes, value: (mfa) => mfa.recoveryCodesRemaining },
];

const hasAnything = (mfa: UserMfa) => mfa.enrolled || COUNTS.some((count) => count.value(mfa) > 0);

/**
 * The user's page (administrators): how many second factors the user has, and Reset MFA for a user who
 * lost them (the user is told by e-mail). An administrator's own factors are reset on the MFA Devices
 * page, where the step-up asks for one of them, so their own page shows the counts only.
 */
export function UserMfaCard({ userId }: { userId: string }) {
  const own = useSessionUser().id === userId;
  const can = useCan();
  const query = useUserMfa(userId);
  const reset = useResetUserMfa(userId);
  const [confirming, setConfirming] = useState(false);
  const mfa = query.data;

  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: () => notify(USER_MFA_TEXTS.resetDone, 'success'),
      onSettled: () => setConfirming(false),
    });

  return (
    <TitledSection
      title={USER_MFA_TEXTS.title}
      busy={!mfa && !query.isError}
      sx={{ maxWidth: 720, mt: 2 }}
      actions={
        !own &&
        mfa &&
        can(userMfaEndpoints.reset) && (
          <Button color="error" disabled={!hasAnything(mfa)} onClick={() => setConfirming(true)}>
            {USER_MFA_TEXTS.reset}
          </Button>
        )
      }
    >
      {query.isError ? (
        <RetryButton onClick={() => void query.refetch()}>Try again</RetryButton>
      ) : (
        <DescriptionList>
          {COUNTS.map((count) => (
            <Box key={count.label} sx={{ display: 'contents' }}>
              <dt>{count.label}</dt>
              <dd>{mfa ? count.value(mfa) : <Skeleton variant="text" width={40} />}</dd>
            </Box>
          ))}
        </DescriptionList>
      )}
      {mfa && !mfa.enrolled && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {USER_MFA_TEXTS.notEnrolled}
        </Typography>
      )}
      {own && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {MFA_POLICY_MESSAGES.cannotResetOwnMfa}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title={USER_MFA_TEXTS.resetConfirm}
        confirmLabel={USER_MFA_TEXTS.reset}
        destructive
        pending={reset.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </TitledSection>
  );
}
