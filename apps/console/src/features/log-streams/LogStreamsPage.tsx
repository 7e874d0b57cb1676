import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CreatedLogStream,
  LOG_STREAM_STATE_LABELS,
  LOG_STREAM_TEXTS,
  LOG_STREAM_TYPE_LABELS,
  type LogStream,
  type LogStreamState,
  logStreamEndpoints,
} from '@skyvault/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { ShownOnceSecretDialog } from '../../components/ShownOnceSecretDialog';
import { StatusChip } from '../../components/StatusChip';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { actionsInWords } from './LogStreamActionsField';
import { LogStreamDialog } from './LogStreamDialog';
import {
  useDeleteLogStream,
  useLogStreams,
  usePauseLogStream,
  useReplayLogStream,
  useResumeLogStream,
} from './log-streams.queries';

const T = LOG_STREAM_TEXTS;

const STATE_COLORS: Record<LogStreamState, 'success' | 'warning' | 'default' | 'error'> = {
  active: 'success',
  retrying: 'warning',
  paused: 'default',
  suspended: 'error',
};

/** A lag in words: seconds, minutes, hours or days. */
export function lagText(seconds: number): string {
  if (seconds <= 0) return T.upToDate;
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 2 * 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 2 * 86400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86400)} days`;
}

/** "Replay from a point in time": a local date and time, sent as an instant. */
function ReplayDialog({ stream, onClose }: { stream: LogStream; onClose: () => void }) {
  const replay = useReplayLogStream();
  const [from, setFrom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const at = Date.parse(from);
    if (!from || Number.isNaN(at)) return setError('Date is required');
    replay.mutate(
      { id: stream.id, from: new Date(at).toISOString() },
      {
        onSuccess: () => {
          notify(T.replayToast, 'success');
          onClose();
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open
      title={T.replayTitle}
      message={
        <Stack sx={{ gap: 2, pt: 1 }}>
          <Typography variant="body2">{T.replayHelp}</Typography>
          <TextField
            label={T.replayFrom}
            type="datetime-local"
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </Stack>
      }
      confirmLabel={T.replay}
      pending={replay.isPending}
      onConfirm={submit}
      onClose={onClose}
    />
  );
}

/**
 * Security → Log streams: the tenant's streams with their state, last error and lag; Add, Edit,
 * Pause or Resume, Replay from a point in time, and Delete after a confirmation. A new HTTPS stream's
 * signing secret is shown once.
 */
export function LogStreamsPage() {
  const streams = useLogStreams();
  const pause = usePauseLogStream();
  const resume = useResumeLogStream();
  const remove = useDeleteLogStream();
  const can = useCan();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<LogStream | null>(null);
  const [replaying, setReplaying] = useState<LogStream | null>(null);
  const [deleting, setDeleting] = useState<LogStream | null>(null);
  const [created, setCreated] = useState<CreatedLogStream | null>(null);
  const rows = streams.data?.logStreams ?? [];
  const canWrite = can(logStreamEndpoints.update);
  const createButton = (
    <CreateButton endpoint={logStreamEndpoints.create} label={T.add} onClick={() => setCreating(true)} />
  );

  const toggle = (stream: LogStream) => {
    const paused = stream.state === 'paused' || stream.state === 'suspended';
    (paused ? resume : pause).mutate(stream.id, {
      onSuccess: () => notify(paused ? T.resumedToast : T.pausedToast, 'success'),
    });
  };

  const columns: DataTableColumn<LogStream>[] = [
    {
      key: 'name',
      header: T.name,
      render: (stream) => (
        <Stack sx={{ minWidth: 0 }}>
          <span>{stream.name}</span>
          <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {LOG_STREAM_TYPE_LABELS[stream.type]}
            {stream.settings.url ? ` · ${stream.settings.url}` : ''}
          </Typography>
          {stream.actions.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {T.actions}: {actionsInWords(stream.actions)}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      key: 'state',
      header: T.state,
      render: (stream) => (
        <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
          <StatusChip label={LOG_STREAM_STATE_LABELS[stream.state]} color={STATE_COLORS[stream.state]} />
          {stream.lastError && (
            <Typography variant="caption" color="text.secondary">
              {T.lastError}: {stream.lastError}
            </Typography>
          )}
          {stream.nextAttemptAt && (
            <Typography variant="caption" color="text.secondary">
              {T.nextTry}: {formatDate(stream.nextAttemptAt)}
            </Typography>
          )}
        </Stack>
      ),
    },
    { key: 'lag', header: T.lag, render: (stream) => lagText(stream.lagSeconds) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (stream) => {
        const paused = stream.state === 'paused' || stream.state === 'suspended';
        return (
          <Stack direction="row" sx={{ gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => setEditing(stream)} aria-label={`Edit ${stream.name}`}>
              Edit
            </Button>
            <Button
              size="small"
              disabled={pause.isPending || resume.isPending}
              onClick={() => toggle(stream)}
              aria-label={`${paused ? T.resume : T.pause} ${stream.name}`}
            >
              {paused ? T.resume : T.pause}
            </Button>
            <Button
              size="small"
              onClick={() => setReplaying(stream)}
              aria-label={`${T.replay} ${stream.name}`}
            >
              {T.replay}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => setDeleting(stream)}
              aria-label={`${T.delete} ${stream.name}`}
            >
              {T.delete}
            </Button>
          </Stack>
        );
      },
    },
  ];

  return (
    <ListScreen
      title={T.screenTitle}
      actions={createButton}
      query={streams}
      items="log streams"
      rows={rows}
      total={rows.length}
      paginated={false}
      ariaLabel={T.screenTitle}
      // An Auditor's list: no column of buttons they may not use.
      columns={canWrite ? columns : columns.filter((column) => column.key !== 'actions')}
      getRowId={(stream) => stream.id}
      intro={
        <Typography variant="body2" color="text.secondary">
          {T.intro}
        </Typography>
      }
      empty={{ title: T.empty, action: createButton }}
    >
      {creating && <LogStreamDialog onCreated={setCreated} onClose={() => setCreating(false)} />}
      {editing && <LogStreamDialog stream={editing} onClose={() => setEditing(null)} />}
      {replaying && <ReplayDialog stream={replaying} onClose={() => setReplaying(null)} />}
      {created?.secret && (
        <ShownOnceSecretDialog
          title={T.secretTitle}
          warning={T.secretShownOnce}
          label="Signing secret"
          value={created.secret}
          onClose={() => setCreated(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={T.deleteTitle}
        message={deleting ? T.deleteMessage(deleting.name) : undefined}
        confirmLabel={T.delete}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notify(T.deletedToast, 'success');
              setDeleting(null);
            },
            onError: () => setDeleting(null),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </ListScreen>
  );
}
