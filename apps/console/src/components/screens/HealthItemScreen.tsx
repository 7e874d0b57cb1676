import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { EndpointDef } from '@skyvault/contract';
import type { ReactNode } from 'react';
import { useCan } from '../../core/session/permissions';
import { PageHeader } from '../PageHeader';
import { HistoryLink, type HistoryTarget } from './HistoryLink';
import { LoadFailed } from './LoadFailed';
import { failedWithoutData, type RetryableLoad } from './missingItem';

export interface HealthItemScreenProps {
  title: ReactNode;
  /** The list the header's back button returns to, and its name ("Connections"). */
  list: string;
  listName: string;
  /** "connection", for "The connection could not be loaded". */
  noun: string;
  query: RetryableLoad;
  /** The item's audit trail; with `actions` in the header, once there is something to act on. */
  history: HistoryTarget;
  /** The header's buttons (Check now, Edit, Delete …), or false for none (a shared storage). */
  actions: ReactNode | false;
  /** Side by side on a wide screen: the item's health, then what it is. */
  health: ReactNode;
  about: ReactNode;
  /** The sections below them: the last checks, a chart. */
  children: ReactNode;
}

/**
 * The page of an item the platform checks (a connection, a storage): its header with History and the
 * item's actions, its health card beside what it is, then its checks. A failed load stays with a retry;
 * an unknown item is the caller's to leave for its list (leaveForList).
 */
export function HealthItemScreen({
  title,
  list,
  listName,
  noun,
  query,
  history,
  actions,
  health,
  about,
  children,
}: HealthItemScreenProps) {
  return (
    <>
      <PageHeader
        title={title}
        back={list}
        backLabel={`Back to ${listName}`}
        actions={
          actions !== false && (
            <>
              <HistoryLink {...history} />
              {actions}
            </>
          )
        }
      />
      {failedWithoutData([query]) ? (
        <LoadFailed what={noun} onRetry={() => void query.refetch()} />
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
            {health}
            {about}
          </Box>
          {children}
        </>
      )}
    </>
  );
}

/** Check now: the item checked at once (shown only to whom its call is open). */
export function CheckNowButton({
  endpoint,
  pending,
  disabled,
  onClick,
}: {
  endpoint: EndpointDef;
  pending: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  if (!useCan()(endpoint)) return null;
  return (
    <Button
      variant="contained"
      startIcon={<RefreshIcon />}
      loading={pending}
      loadingPosition="start"
      disabled={disabled}
      onClick={onClick}
    >
      Check now
    </Button>
  );
}

/** The header's Delete, which opens the item's own confirmation (shown only to whom its call is open). */
export function DeleteItemButton({ endpoint, onClick }: { endpoint: EndpointDef; onClick: () => void }) {
  if (!useCan()(endpoint)) return null;
  return (
    <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onClick}>
      Delete
    </Button>
  );
}
