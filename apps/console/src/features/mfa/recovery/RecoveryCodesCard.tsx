import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { RECOVERY_CODE_TEXTS } from '@skyvault/contract';
import { useState } from 'react';
import { MfaStepUpDialog } from '../../../components/MfaStepUpDialog';
import { RetryButton } from '../../../components/RetryButton';
import { TitledSection } from '../../../components/TitledSection';
import { notify } from '../../../core/toasts/notify';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';
import { useRecoveryCodesStatus, useRegenerateRecoveryCodes } from './recovery.queries';

/**
 * The MFA Devices page's recovery codes: how many are left, and a new set. Regenerating asks first
 * (the codes in hand stop working) together with a current factor, as removing one does, then shows
 * the new codes once.
 */
export function RecoveryCodesCard() {
  const status = useRecoveryCodesStatus();
  const regenerate = useRegenerateRecoveryCodes();
  const [confirming, setConfirming] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const current = status.data;

  return (
    <TitledSection
      title={RECOVERY_CODE_TEXTS.title}
      busy={status.isPending}
      actions={
        <>
          {/* A set comes with the first factor: before it there is nothing to replace. */}
          {current?.createdAt && (
            <Button variant="outlined" onClick={() => setConfirming(true)}>
              {RECOVERY_CODE_TEXTS.regenerate}
            </Button>
          )}
        </>
      }
    >
      {status.isError ? (
        <RetryButton onClick={() => void status.refetch()}>Try again</RetryButton>
      ) : !current ? (
        <Skeleton variant="text" width={220} />
      ) : (
        <Typography color="text.secondary">
          {current.createdAt
            ? RECOVERY_CODE_TEXTS.remaining(current.remaining, current.total)
            : RECOVERY_CODE_TEXTS.none}
        </Typography>
      )}
      {confirming && (
        <MfaStepUpDialog
          title={RECOVERY_CODE_TEXTS.regenerateConfirm}
          confirmLabel={RECOVERY_CODE_TEXTS.regenerate}
          destructive
          onConfirm={async (proof) => {
            const answer = await regenerate.mutateAsync(proof);
            setConfirming(false);
            notify(RECOVERY_CODE_TEXTS.regenerated, 'success');
            setCodes(answer.codes);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
      {codes && <RecoveryCodesDialog codes={codes} open onClose={() => setCodes(null)} />}
    </TitledSection>
  );
}
