import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PASSKEY_TEXTS, type Passkey } from '@skyvault/contract';
import { useState } from 'react';
import { formatDate } from '../../../components/formatDate';
import { MfaStepUpDialog } from '../../../components/MfaStepUpDialog';
import { RetryButton } from '../../../components/RetryButton';
import { HeaderRow, LabelledCell, SkeletonRows, stackedOnPhone } from '../../../components/TableParts';
import { TitledSection } from '../../../components/TitledSection';
import { notify } from '../../../core/toasts/notify';
import { AddPasskey } from './AddPasskey';
import { useDeletePasskey, usePasskeySupport, usePasskeys } from './passkeys.queries';
import { RenamePasskeyDialog } from './RenamePasskeyDialog';

const HEADERS = [PASSKEY_TEXTS.name, PASSKEY_TEXTS.created, PASSKEY_TEXTS.lastUsed, 'Actions'] as const;

type Dialog = { kind: 'add' } | { kind: 'rename' | 'delete'; passkey: Passkey };

/**
 * The MFA Devices page's passkeys: the user's WebAuthn credentials, used as a second factor or to sign
 * in alone. Where the console cannot offer passkeys (served from an IP address) it says why instead of
 * offering to add one.
 */
export function PasskeysSection() {
  const support = usePasskeySupport();
  const passkeys = usePasskeys();
  const remove = useDeletePasskey();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const rows = passkeys.data?.passkeys;
  const unavailable = support.data && !support.data.available;

  return (
    <TitledSection
      title={PASSKEY_TEXTS.title}
      busy={passkeys.isPending}
      actions={
        support.data?.available && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'add' })}>
            {PASSKEY_TEXTS.add}
          </Button>
        )
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {PASSKEY_TEXTS.intro}
      </Typography>
      {unavailable && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {support.data.reason}
        </Alert>
      )}
      {passkeys.isError ? (
        <RetryButton onClick={() => void passkeys.refetch()}>Try again</RetryButton>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={PASSKEY_TEXTS.title} sx={[{ minWidth: 480 }, stackedOnPhone]}>
            <HeaderRow headers={HEADERS} />
            <TableBody>
              {!rows && <SkeletonRows columns={HEADERS} />}
              {rows?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={HEADERS.length} align="center" sx={{ color: 'text.secondary' }}>
                    {PASSKEY_TEXTS.empty}
                  </TableCell>
                </TableRow>
              )}
              {rows?.map((passkey) => (
                <TableRow key={passkey.id}>
                  <LabelledCell label={HEADERS[0]} sx={{ overflowWrap: 'anywhere' }}>
                    {passkey.name}
                  </LabelledCell>
                  <LabelledCell label={HEADERS[1]} sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(passkey.createdAt)}
                  </LabelledCell>
                  <LabelledCell label={HEADERS[2]} sx={{ whiteSpace: 'nowrap' }}>
                    {passkey.lastUsedAt ? formatDate(passkey.lastUsedAt) : PASSKEY_TEXTS.never}
                  </LabelledCell>
                  <LabelledCell label={HEADERS[3]} sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      aria-label={`Rename ${passkey.name}`}
                      onClick={() => setDialog({ kind: 'rename', passkey })}
                    >
                      Rename
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Delete ${passkey.name}`}
                      onClick={() => setDialog({ kind: 'delete', passkey })}
                    >
                      Delete
                    </Button>
                  </LabelledCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {dialog?.kind === 'add' && <AddPasskey onClose={close} />}
      {dialog?.kind === 'rename' && <RenamePasskeyDialog passkey={dialog.passkey} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <MfaStepUpDialog
          title={PASSKEY_TEXTS.deleteConfirm}
          message={`"${dialog.passkey.name}" will no longer sign you in.`}
          confirmLabel="Delete"
          destructive
          onConfirm={async (proof) => {
            await remove.mutateAsync({ id: dialog.passkey.id, proof });
            notify(PASSKEY_TEXTS.deleted, 'success');
            close();
          }}
          onClose={close}
        />
      )}
    </TitledSection>
  );
}
