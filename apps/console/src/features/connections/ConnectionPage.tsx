import SyncIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  ACTION_LABELS,
  CONNECTION_CHECKS_SHOWN,
  CONNECTION_HEALTH_TEXTS,
  connectionEndpoints,
} from '@skyvault/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { HistoryLink } from '../../components/screens/HistoryLink';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { failedWithoutData, ItemPage, leaveForList } from '../../components/screens/missingItem';
import { TitledSection } from '../../components/TitledSection';
import { toConnections } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { ApiUsageChart } from './ApiUsageChart';
import { ConnectionChecksTable } from './ConnectionChecksTable';
import { ConnectionHealthCard } from './ConnectionHealthCard';
import { ConnectionName } from './ConnectionName';
import { ConnectionOrgCard } from './ConnectionOrgCard';
import { useConnectionHistory } from './connectionHealth.queries';
import { useCheckConnection, useConnection } from './connections.queries';
import { DeleteConnectionDialog } from './DeleteConnectionDialog';
import { useUpdateToken } from './useUpdateToken';

/** A connection's page (/connections/:connectionId); an address without an id goes to the list. */
export function ConnectionPage() {
  return (
    <ItemPage param="connectionId" list={toConnections()}>
      {(id) => <ConnectionDetails id={id} />}
    </ItemPage>
  );
}

/**
 * One connection: its health in plain words with what to do, the org it is pinned to, the org's daily
 * API usage and the last checks, with Check now, Update Token and Delete. An unknown id (another
 * tenant's, or deleted) goes back to the list; another failure stays with a retry.
 */
export function ConnectionDetails({ id }: { id: string }) {
  const query = useConnection(id);
  const history = useConnectionHistory(id);
  const check = useCheckConnection(id);
  const can = useCan();
  const updateToken = useUpdateToken();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const leaving = leaveForList(toConnections(), 'missing', [query]);
  if (leaving) return leaving;
  const connection = query.data;
  const checkNow = () =>
    check.mutate(undefined, { onSuccess: () => notify(CONNECTION_HEALTH_TEXTS.checked, 'success') });

  return (
    <>
      <PageHeader
        title={connection ? <ConnectionName connection={connection} /> : 'Connection'}
        back={toConnections()}
        backLabel="Back to Connections"
        actions={
          connection && (
            <>
              <HistoryLink resourceType="connection" resourceId={id} />
              {can(connectionEndpoints.check) && (
                <Button
                  variant="contained"
                  startIcon={<RefreshIcon />}
                  loading={check.isPending}
                  loadingPosition="start"
                  // Until a Salesforce login completes there is no grant to check.
                  disabled={connection.status !== 'connected'}
                  onClick={checkNow}
                >
                  Check now
                </Button>
              )}
              {can(connectionEndpoints.renew) && (
                <Button
                  variant="outlined"
                  startIcon={<SyncIcon />}
                  loading={updateToken.busy}
                  loadingPosition="start"
                  onClick={() => updateToken.start(connection)}
                >
                  {ACTION_LABELS.updateToken}
                </Button>
              )}
              {can(connectionEndpoints.remove) && (
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteIcon />}
                  onClick={() => setDeleting(true)}
                >
                  Delete
                </Button>
              )}
            </>
          )
        }
      />
      {failedWithoutData([query]) ? (
        <LoadFailed what="connection" onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              alignItems: 'start',
            }}
          >
            <ConnectionHealthCard connection={connection} />
            <ConnectionOrgCard connection={connection} />
          </Box>
          <TitledSection title="Daily API usage" busy={history.isPending}>
            {history.isError && !history.data ? (
              <HistoryFailed onRetry={() => void history.refetch()} />
            ) : history.data ? (
              <ApiUsageChart usage={history.data.usage} />
            ) : null}
          </TitledSection>
          <TitledSection title={`Last ${CONNECTION_CHECKS_SHOWN} checks`} busy={history.isFetching}>
            {history.isError && !history.data ? (
              <HistoryFailed onRetry={() => void history.refetch()} />
            ) : (
              <ConnectionChecksTable checks={history.data?.checks} />
            )}
          </TitledSection>
        </>
      )}
      {updateToken.dialog}
      {deleting && connection && (
        <DeleteConnectionDialog
          connection={connection}
          onDeleted={() => navigate(toConnections(), { replace: true })}
          onClose={() => setDeleting(false)}
        />
      )}
    </>
  );
}

function HistoryFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <Typography variant="body2">The checks could not be loaded</Typography>
      <RetryButton onClick={onRetry}>Try again</RetryButton>
    </>
  );
}
