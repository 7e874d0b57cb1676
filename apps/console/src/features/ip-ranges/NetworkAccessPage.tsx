import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IpRange } from '@skyvault/contract';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { formatDate } from '../../components/formatDate';
import { PageHeader } from '../../components/PageHeader';
import { RetryButton } from '../../components/RetryButton';
import { RouterLink } from '../../components/RouterLink';
import { SearchField } from '../../components/SearchField';
import { useListParams } from '../../components/useListParams';
import { toIpRange } from '../../core/paths/links';
import { IpRangeDialog } from './IpRangeDialog';
import { useIpRanges } from './ip-ranges.queries';

const columns: DataTableColumn<IpRange>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (range) => <RouterLink to={toIpRange(range.id)}>{range.name}</RouterLink>,
  },
  { key: 'startIPAddress', header: 'Start IP address' },
  { key: 'endIPAddress', header: 'End IP address' },
  { key: 'updatedAt', header: 'Updated At', render: (range) => formatDate(range.updatedAt) },
  { key: 'createdAt', header: 'Created At', render: (range) => formatDate(range.createdAt) },
];

/**
 * Network Access (SPEC.md §2): the tenant's permitted IP ranges, searchable and all on one page (a
 * tenant keeps a short list), with the create dialog.
 */
export function NetworkAccessPage() {
  const list = useListParams();
  const [creating, setCreating] = useState(false);
  const ranges = useIpRanges({ searchText: list.search || undefined });
  const rows = ranges.data?.ipRanges ?? [];
  const createButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Create
    </Button>
  );
  const hasNoRanges =
    ranges.isSuccess && !ranges.isPlaceholderData && ranges.data.total === 0 && !list.search;

  return (
    <>
      <PageHeader title="Network Access" actions={createButton} />
      {ranges.isError && !ranges.data ? (
        <EmptyState
          title="The IP ranges could not be loaded"
          action={<RetryButton onClick={() => void ranges.refetch()}>Try again</RetryButton>}
        />
      ) : hasNoRanges ? (
        <EmptyState
          title="No IP ranges yet"
          description={
            'Without ranges, users of your organization may sign in from any address. Once you add one, ' +
            'only addresses inside a range may sign in and use the console; the first range must ' +
            'include the address you are using now.'
          }
          action={<YourAddress address={ranges.data?.yourAddress} />}
        />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            Users of your organization may sign in and use the console only from addresses inside these
            ranges. <YourAddress address={ranges.data?.yourAddress} />
          </Typography>
          <SearchField value={list.search} onSearch={list.setSearch} label="Search IP ranges" />
          {/* Not paginated: one page holds every range, and the footer counts them. */}
          <DataTable
            ariaLabel="IP ranges"
            columns={columns}
            rows={rows}
            getRowId={(range) => range.id}
            total={rows.length}
            page={0}
            pageSize={Math.max(rows.length, 1)}
            onPageChange={() => {}}
            loading={ranges.isFetching}
          />
        </Stack>
      )}
      {creating && <IpRangeDialog onClose={() => setCreating(false)} />}
    </>
  );
}

/** The address the administrator calls from: a range must hold it, or the change is refused. */
function YourAddress({ address }: { address: string | undefined }) {
  if (!address) return null;
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      Your current address is <strong>{address}</strong>.
    </Typography>
  );
}
