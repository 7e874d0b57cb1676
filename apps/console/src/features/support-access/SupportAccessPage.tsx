import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  auditEndpoints,
  type SupportGrant,
  type SupportSession,
  supportAccessEndpoints,
} from '@skyvault/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { StatusChip } from '../../components/StatusChip';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { toAuditLog } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { GrantSupportAccessDialog } from './GrantSupportAccessDialog';
import { useRevokeSupportAccess, useSupportGrants } from './support-access.queries';
import { permissionLabel, SUPPORT_ACCESS_TEXTS as T } from './support-access.texts';

const STATE_COLORS = { live: 'warning', revoked: 'default', expired: 'default' } as const;

/** One support session: who, which ticket, when, and its events in the audit log. */
function SessionLine({ session, canAudit }: { session: SupportSession; canAudit: boolean }) {
  const when = session.startedAt
    ? `${formatDate(session.startedAt)} – ${session.endedAt ? formatDate(session.endedAt) : T.held}`
    : T.notStarted;
  return (
    <Stack>
      <Typography variant="body2">
        {session.operator} · {session.ticket}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {when}
        {canAudit && (
          <>
            {' · '}
            <Link
              component={RouterLink}
              to={toAuditLog({ actor: session.id })}
              aria-label={T.auditTrailLabel(session.operator, session.ticket)}
            >
              {T.auditTrail}
            </Link>
          </>
        )}
      </Typography>
    </Stack>
  );
}

function columns(
  canAudit: boolean,
  onRevoke?: (grant: SupportGrant) => void,
): DataTableColumn<SupportGrant>[] {
  return [
    {
      key: 'window',
      header: T.columns.window,
      render: (grant) => `${formatDate(grant.createdAt)} – ${formatDate(grant.revokedAt ?? grant.expiresAt)}`,
    },
    {
      key: 'access',
      header: T.columns.access,
      render: (grant) =>
        grant.writePermissions.length === 0 ? (
          T.readOnly
        ) : (
          <Stack>
            {grant.writePermissions.map((permission) => (
              <span key={permission}>{permissionLabel(permission)}</span>
            ))}
          </Stack>
        ),
    },
    {
      key: 'status',
      header: T.columns.status,
      render: (grant) => <StatusChip label={T.state[grant.state]} color={STATE_COLORS[grant.state]} />,
    },
    { key: 'grantedBy', header: T.columns.grantedBy, render: (grant) => grant.grantedBy.name ?? '—' },
    {
      key: 'sessions',
      header: T.columns.sessions,
      render: (grant) =>
        grant.sessions.length === 0 ? (
          T.noSessions
        ) : (
          <Stack spacing={1}>
            {grant.sessions.map((session) => (
              <SessionLine key={session.id} session={session} canAudit={canAudit} />
            ))}
          </Stack>
        ),
    },
    ...(onRevoke
      ? [
          {
            key: 'actions',
            header: T.columns.actions,
            align: 'right' as const,
            render: (grant: SupportGrant) =>
              grant.state === 'live' ? (
                <Button color="error" size="small" onClick={() => onRevoke(grant)} aria-label={T.revokeLabel}>
                  {T.revoke}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
}

/**
 * Settings → Support access: the grants, newest first, with the support sessions held in each and a
 * link to each one's audit trail; an Owner grants a window and revokes it after a confirmation.
 */
export function SupportAccessPage() {
  const grants = useSupportGrants();
  const revoke = useRevokeSupportAccess();
  const can = useCan();
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<SupportGrant | null>(null);
  const rows = grants.data?.grants ?? [];
  const live = rows.some((grant) => grant.state === 'live');
  // One grant is live at a time: while one is, the way to change it is to revoke it first.
  const grantButton = live ? null : (
    <CreateButton endpoint={supportAccessEndpoints.grant} label={T.grant} onClick={() => setGranting(true)} />
  );

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => notify(T.revoked, 'success'),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <ListScreen
      title={T.screenTitle}
      actions={grantButton}
      query={grants}
      items="support access grants"
      rows={rows}
      total={rows.length}
      paginated={false}
      ariaLabel={T.screenTitle}
      columns={columns(
        can(auditEndpoints.list),
        can(supportAccessEndpoints.revoke) ? setRevoking : undefined,
      )}
      getRowId={(grant) => grant.id}
      intro={
        <Typography variant="body2" color="text.secondary">
          {T.intro}
        </Typography>
      }
      empty={{ title: T.empty, description: T.emptyHelp, action: grantButton ?? undefined }}
    >
      {granting && <GrantSupportAccessDialog onClose={() => setGranting(false)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={T.revokeTitle}
        message={T.revokeConfirm}
        confirmLabel={T.revoke}
        destructive
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </ListScreen>
  );
}
