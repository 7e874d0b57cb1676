import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEvent } from '@skyvault/contract';
import { useId } from 'react';
import { AuditOutcomeChip } from '../../components/AuditOutcomeChip';
import { SIGN_IN_METHOD_LABELS } from '../../components/auditWords';
import { formatDate } from '../../components/formatDate';
import { actorName, formatChangeValue } from './auditWords';

const valueSx = { fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, mb: 1, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </>
  );
}

/** The before/after of each changed field; JSON so that a list or an object reads as what it is. */
function ChangesTable({ changes }: { changes: AuditEvent['changes'] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <Typography variant="body2">No field changed.</Typography>;
  return (
    <Table size="small" aria-label="Changes">
      <TableHead>
        <TableRow>
          <TableCell sx={{ fontWeight: 600 }}>Field</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>Before</TableCell>
          <TableCell sx={{ fontWeight: 600 }}>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map(([field, { before, after }]) => (
          <TableRow key={field}>
            <TableCell>{field}</TableCell>
            <TableCell sx={valueSx}>{formatChangeValue(before)}</TableCell>
            <TableCell sx={valueSx}>{formatChangeValue(after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One event in full, beside the list (below it on a phone, as wide as the screen). */
export function AuditEventDrawer({ event, onClose }: { event: AuditEvent | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={event !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 520 } },
        },
      }}
    >
      {event && (
        <Box sx={{ p: 3 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2 }}>
            <Typography id={titleId} variant="h2" sx={{ flexGrow: 1, fontSize: '1.25rem' }}>
              Event: {event.action} {event.resource.type}
            </Typography>
            <IconButton aria-label="Close" onClick={onClose} edge="end">
              <CloseIcon />
            </IconButton>
          </Stack>
          <Box component="dl" sx={{ m: 0, mb: 3 }}>
            <Field label="Time">{formatDate(event.time)}</Field>
            <Field label="Actor">
              {actorName(event)}
              {event.actor?.email && event.actor.name ? ` (${event.actor.email})` : ''}
            </Field>
            <Field label="Action">{event.action}</Field>
            <Field label="Resource type">{event.resource.type}</Field>
            <Field label="Resource name">{event.resource.name}</Field>
            <Field label="Resource id">{event.resource.id}</Field>
            <Field label="Outcome">
              <AuditOutcomeChip outcome={event.outcome} />
            </Field>
            {event.method && <Field label="Sign-in method">{SIGN_IN_METHOD_LABELS[event.method]}</Field>}
            <Field label="IP address">{event.ip}</Field>
            <Field label="User agent">{event.userAgent}</Field>
            <Field label="Request id">{event.requestId}</Field>
            <Field label="Sequence">{String(event.seq)}</Field>
          </Box>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
            Changes
          </Typography>
          <ChangesTable changes={event.changes} />
        </Box>
      )}
    </Drawer>
  );
}
