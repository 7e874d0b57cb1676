import ElevationIcon from '@mui/icons-material/ArrowCircleUpOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  APPROVAL_ACTION_DEFINITIONS,
  APPROVAL_LIST_FILTERS,
  type ApprovalRequest,
  approvalEndpoints,
} from '@skyvault/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { StatusChip } from '../../components/StatusChip';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { useListParams } from '../../components/useListParams';
import { toApprovalSettings } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { useApprovals } from './approvals.queries';
import { APPROVAL_STATUS_CHIPS, elevationDetailsOf, APPROVAL_TEXTS as T } from './approvals.texts';
import { RequestElevationDialog } from './RequestElevationDialog';
import { type ApprovalDecisions, useApprovalDecisions } from './useApprovalDecisions';

type Filter = (typeof APPROVAL_LIST_FILTERS)[number];
const filterOf = (value: string | undefined): Filter =>
  APPROVAL_LIST_FILTERS.find((filter) => filter === value) ?? 'pending';

function columns(decisions: ApprovalDecisions): DataTableColumn<ApprovalRequest>[] {
  return [
    {
      key: 'change',
      header: T.columns.change,
      render: (request) => (
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2">{APPROVAL_ACTION_DEFINITIONS[request.action].label}</Typography>
          {request.targetName && (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {request.targetName}
            </Typography>
          )}
          {request.action === 'elevation.request' && (
            <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
              {elevationDetailsOf(request.details)}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      key: 'requestedBy',
      header: T.columns.requestedBy,
      render: (request) => request.requestedBy.name ?? request.requestedBy.email ?? '',
    },
    {
      key: 'reason',
      header: T.columns.reason,
      render: (request) => (
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {request.reason}
          </Typography>
          {request.comment && (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {request.decidedBy?.name ?? request.decidedBy?.email}: {request.comment}
            </Typography>
          )}
          {request.failureReason && (
            <Typography variant="caption" color="error">
              {T.failed(request.failureReason)}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: T.columns.status,
      render: (request) => <StatusChip {...APPROVAL_STATUS_CHIPS[request.status]} />,
    },
    {
      key: 'when',
      header: T.columns.when,
      render: (request) =>
        request.status === 'pending'
          ? T.expires(formatDate(request.expiresAt))
          : formatDate(request.executedAt ?? request.decidedAt ?? request.expiresAt),
    },
    {
      key: 'actions',
      header: T.columns.actions,
      align: 'right',
      render: (request) => decisions.buttons(request),
    },
  ];
}

/**
 * Approvals: the requests waiting for the signed-in administrator's decision (and their own), the
 * decided ones, and their own; approve, deny with a comment, or cancel their own. The tab and the page
 * are in the URL.
 */
export function ApprovalsPage() {
  const list = useListParams();
  const filter = filterOf(list.param('status'));
  const query = useApprovals({ status: filter, limit: list.pageSize, offset: list.offset });
  const decisions = useApprovalDecisions();
  const can = useCan();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const rows = query.data?.requests ?? [];
  const total = query.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={T.screenTitle}
        actions={
          <>
            {can(approvalEndpoints.requestElevation) && (
              <Button variant="outlined" startIcon={<ElevationIcon />} onClick={() => setAsking(true)}>
                {T.requestElevation}
              </Button>
            )}
            {can(approvalEndpoints.updatePolicy) && (
              <Button component={Link} to={toApprovalSettings()} startIcon={<SettingsIcon />}>
                {T.settingsLink}
              </Button>
            )}
          </>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      <Tabs
        value={filter}
        onChange={(_, value: Filter) => list.setParams({ status: value === 'pending' ? undefined : value })}
        aria-label={T.screenTitle}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {APPROVAL_LIST_FILTERS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={T.tabs[value]}
            id={`${id}-tab-${value}`}
            aria-controls={`${id}-panel`}
          />
        ))}
      </Tabs>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${filter}`}>
        {query.isError && query.data === undefined ? (
          <LoadFailed what="approval requests" onRetry={() => void query.refetch()} />
        ) : query.isSuccess && !query.isPlaceholderData && total === 0 ? (
          <EmptyState
            title={T.empty[filter]}
            description={can(approvalEndpoints.updatePolicy) ? T.emptyHint : undefined}
          />
        ) : (
          <DataTable
            ariaLabel={`${T.screenTitle}: ${T.tabs[filter]}`}
            columns={columns(decisions)}
            rows={rows}
            getRowId={(request) => request.id}
            loading={query.isFetching}
            total={total}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
          />
        )}
      </div>
      {decisions.dialogs}
      {asking && <RequestElevationDialog onClose={() => setAsking(false)} />}
    </>
  );
}
