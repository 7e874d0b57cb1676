import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  DATE_FORMAT,
  WEBHOOK_ATTEMPT_ERROR_LABELS,
  WEBHOOK_TEXTS,
  type WebhookAttempt,
  type WebhookDelivery,
} from '@skyvault/contract';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { RetryButton } from '../../components/RetryButton';
import { useDeliveryAttempts } from './webhooks.queries';

const T = WEBHOOK_TEXTS;
const C = T.attemptColumns;

/** The console's date format with the seconds: attempts may be seconds apart. */
const attemptTime = (iso: string) => dayjs(iso).format(`${DATE_FORMAT}:ss`);

/** The receiver's status, or what kept one from coming (a time-out, a refused connection, TLS). */
const resultOf = (attempt: WebhookAttempt) =>
  attempt.responseStatus !== null
    ? String(attempt.responseStatus)
    : attempt.errorKind
      ? WEBHOOK_ATTEMPT_ERROR_LABELS[attempt.errorKind]
      : '—';

/**
 * Every attempt of one delivery, first first, for an administrator debugging a receiver: when it was
 * made, what came back (or why nothing did), how long it took and our words for the failure.
 */
export function WebhookAttemptsDialog({
  webhookId,
  delivery,
  onClose,
}: {
  webhookId: string;
  delivery: WebhookDelivery;
  onClose: () => void;
}) {
  const [open, setOpen] = useState(true);
  const titleId = useId();
  const attempts = useDeliveryAttempts(webhookId, delivery.id);
  const rows = attempts.data?.attempts ?? [];

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      slotProps={{ transition: { onExited: onClose } }}
    >
      <DialogTitle id={titleId}>{T.attemptsTitle}</DialogTitle>
      <DialogContent>
        {attempts.isError ? (
          <>
            <Typography variant="body2">{T.attemptsFailed}</Typography>
            <RetryButton onClick={() => void attempts.refetch()}>Try again</RetryButton>
          </>
        ) : attempts.isSuccess && rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {T.attemptsEmpty}
          </Typography>
        ) : (
          <Table size="small" aria-label={T.attemptsTitle} aria-busy={attempts.isPending}>
            <TableHead>
              <TableRow>
                <TableCell align="right">{C.attempt}</TableCell>
                <TableCell>{C.time}</TableCell>
                <TableCell>{C.result}</TableCell>
                <TableCell align="right">{C.duration}</TableCell>
                <TableCell>{C.error}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((attempt) => (
                <TableRow key={attempt.attempt}>
                  <TableCell align="right">{attempt.attempt}</TableCell>
                  <TableCell>{attemptTime(attempt.attemptedAt)}</TableCell>
                  <TableCell>{resultOf(attempt)}</TableCell>
                  <TableCell align="right">{`${attempt.durationMs} ms`}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{attempt.error ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
