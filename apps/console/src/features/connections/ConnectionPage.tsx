import SyncIcon from '@mui/icons-material/Autorenew';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, CONNECTION_HEALTH_TEXTS, connectionEndpoints } from '@skyvault/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LastChecks } from '../../components/health/LastChecks';
import { RetryButton } from '../../components/RetryButton';
import {
  CheckNowButton,
  DeleteItemButton,
  HealthItemScreen,
} from '../../components/screens/HealthItemScreen';
import { ItemPage, leaveForList } from '../../components/screens/missingItem';
import { TitledSection } from '../../components/TitledSection';
import { toConnections } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { ApiUsageChart } from './ApiUsageChart';
import { ConnectionHealthCard } from './ConnectionHealthCard';
import { ConnectionName } from './ConnectionName';
import { ConnectionOrgCard } from './ConnectionOrgCard';
import { CONNECTION_CHECKS } from './connectionChecks';
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
      <HealthItemScreen
        title={connection ? <ConnectionName connection={connection} /> : 'Connection'}
        list={toConnections()}
        listName="Connections"
        noun="connection"
        query={query}
        history={{ resourceType: 'connection', resourceId: id }}
        actions={
          connection !== undefined && (
            <>
              <CheckNowButton
                endpoint={connectionEndpoints.check}
                pending={check.isPending}
                // Until a Salesforce login completes there is no grant to check.
                disabled={connection.status !== 'connected'}
                onClick={checkNow}
              />
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
              <DeleteItemButton endpoint={connectionEndpoints.remove} onClick={() => setDeleting(true)} />
            </>
          )
        }
        health={<ConnectionHealthCard connection={connection} />}
        about={<ConnectionOrgCard connection={connection} />}
      >
        <TitledSection title="Daily API usage" busy={history.isPending}>
          {history.isError && !history.data ? (
            <>
              <Typography variant="body2">The API usage could not be loaded</Typography>
              <RetryButton onClick={() => void history.refetch()}>Try again</RetryButton>
            </>
          ) : history.data ? (
            <ApiUsageChart usage={history.data.usage} />
          ) : null}
        </TitledSection>
        <LastChecks kind={CONNECTION_CHECKS} load={history} checks={history.data?.checks} />
      </HealthItemScreen>
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
